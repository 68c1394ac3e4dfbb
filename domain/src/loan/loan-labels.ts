import type { LoanFeeStatus } from '../api/contracts-fees.ts';
import type { InstalmentStatus, LedgerType, LoanRecordStatus } from '../api/contracts-loans.ts';
import { FEE_ITEM_STATUS_LABELS } from '../fees/fee-items.ts';
import type { TagColour } from '../tag-colour.ts';
import { loanStatusText, type OverdueBucket } from './overdue.ts';

/** How the enums of loans after the decision are shown: a Chinese label on a tag of this colour. */
export interface EnumDisplay {
  readonly label: string;
  readonly colour: TagColour;
}

/** The loan-record filter's statuses: the application's progress before disbursement, the loan's after. */
export const LOAN_RECORD_STATUS_DISPLAY: Readonly<Record<LoanRecordStatus, EnumDisplay>> = {
  APPLYING: { label: '申请中', colour: 'processing' },
  APPROVED: { label: '审批通过', colour: 'cyan' },
  REJECTED: { label: '已拒绝', colour: 'error' },
  CLOSED: { label: '已取消', colour: 'default' },
  REPAYING: { label: '还款中', colour: 'blue' },
  OVERDUE: { label: '已逾期', colour: 'red' },
  SETTLED: { label: '已结清', colour: 'success' },
};

/** A loan record's status as shown: an overdue loan names its bucket ("已逾期 · M2"). */
export function loanRecordDisplay(status: LoanRecordStatus, bucket: OverdueBucket | null): EnumDisplay {
  const display = LOAN_RECORD_STATUS_DISPLAY[status];
  return bucket && status === 'OVERDUE'
    ? { ...display, label: loanStatusText(display.label, bucket) }
    : display;
}

export const INSTALMENT_STATUS_DISPLAY: Readonly<Record<InstalmentStatus, EnumDisplay>> = {
  DUE: { label: '待还', colour: 'blue' },
  PARTIAL: { label: '部分还款', colour: 'gold' },
  PAID: { label: '已还清', colour: 'success' },
  OVERDUE: { label: '已逾期', colour: 'red' },
  SETTLED_EARLY: { label: '提前结清', colour: 'cyan' },
};

export const LEDGER_TYPE_DISPLAY: Readonly<Record<LedgerType, EnumDisplay>> = {
  DISBURSEMENT: { label: '放款', colour: 'green' },
  REPAYMENT: { label: '还款', colour: 'blue' },
  FEE_PAYMENT: { label: '服务费', colour: 'purple' },
  REFUND: { label: '退款', colour: 'cyan' },
  COUPON: { label: '优惠券', colour: 'magenta' },
  EARLY_SETTLEMENT: { label: '提前结清', colour: 'geekblue' },
  REVERSAL: { label: '冲正', colour: 'orange' },
};

/** The service fee of a loan (LoanView.serviceFee.status). */
export const SERVICE_FEE_STATUS_LABELS: Readonly<Record<LoanFeeStatus, string>> = {
  ...FEE_ITEM_STATUS_LABELS,
  PAYING: '部分已缴',
  PAID_AND_WAIVED: '部分减免',
};
