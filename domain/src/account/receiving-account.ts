import { oneOf } from '../one-of.ts';

/**
 * The receiving account (/lock/toApplyAccountPage): a collection sub-account at a partner bank that the store's
 * payouts are pointed to, the borrower's own settlement account verified by a small deposit, the repayment
 * method, and the lock while money is owed. States, labels and rules live here; server and web share them.
 */

/** A collection sub-account's life at the bank. */
export const SUB_ACCOUNT_STATES = ['OPENING', 'OPEN', 'FAILED', 'CLOSED'] as const;
export type SubAccountState = (typeof SUB_ACCOUNT_STATES)[number];

export const SUB_ACCOUNT_STATE_LABELS: Readonly<Record<SubAccountState, string>> = {
  OPENING: '开立中',
  OPEN: '已开立',
  FAILED: '开立失败',
  CLOSED: '已变更',
};

/** The small-deposit check of the settlement account; EXPIRED is derived from the check's expiry. */
export const SETTLEMENT_CHECK_STATES = ['PENDING', 'VERIFIED', 'FAILED', 'EXPIRED'] as const;
export type SettlementCheckState = (typeof SETTLEMENT_CHECK_STATES)[number];

export const SETTLEMENT_CHECK_STATE_LABELS: Readonly<Record<SettlementCheckState, string>> = {
  PENDING: '待验证',
  VERIFIED: '已验证',
  FAILED: '验证失败',
  EXPIRED: '已过期',
};

/** 小额打款验证: 0.01–0.99 元, 3 wrong entries fail the check, 7 days to enter it, a daily cap on entries. */
export const SETTLEMENT_CHECK_RULES = {
  minDepositFen: 1,
  maxDepositFen: 99,
  maxWrongEntries: 3,
  lifeDays: 7,
  /** entries (right or wrong) per borrower and Shanghai day */
  dailyEntries: 10,
  /** new small deposits per borrower and Shanghai day */
  dailyDeposits: 3,
} as const;

/** Where the store's payouts go, as the marketplace reports it. */
export const PAYOUT_POINTINGS = ['POINTED', 'NOT_POINTED', 'CHECKING', 'DIVERTED'] as const;
export type PayoutPointing = (typeof PAYOUT_POINTINGS)[number];

export const PAYOUT_POINTING_LABELS: Readonly<Record<PayoutPointing, string>> = {
  POINTED: '已指向',
  NOT_POINTED: '未指向',
  CHECKING: '核实中',
  DIVERTED: '异常',
};

/** docs/PRODUCT.md §3 paidMethod. */
export type PaidMethod = 'STORE_PAYOUT' | 'ACTIVE_REPAY';

export const PAID_METHODS: readonly PaidMethod[] = ['STORE_PAYOUT', 'ACTIVE_REPAY'];

export const PAID_METHOD_INFO: Readonly<Record<PaidMethod, { label: string; description: string }>> = {
  STORE_PAYOUT: {
    label: '回款自动扣款',
    description: '每期到期日从指向收款子账户的店铺回款中自动扣收应还本息和服务费，回款不足的部分计入逾期。',
  },
  ACTIVE_REPAY: {
    label: '主动还款',
    description: '到期前由您在借款详情页点击“立即还款”自行支付；到期未付即计入逾期并按日计收罚息。',
  },
};

export const isPaidMethod = oneOf(PAID_METHODS);

/** What keeps the account locked: a loan still owed, or an application approved or signed (about to lend). */
export interface LockInput {
  /** outstanding loans with their last due date (YYYY-MM-DD) */
  outstandingLoans: readonly { loanId: number; maturityDate: string }[];
  /** applications APPROVED or SIGNED */
  approvedApplications: number;
}

export interface AccountLock {
  locked: boolean;
  /** why, one sentence each, in Chinese */
  reasons: string[];
  /** the latest maturity of the outstanding loans (YYYY-MM-DD); null when locked only by an application */
  until: string | null;
  /** what the page says about until when */
  untilText: string;
}

/** The lock rule, one pure function: locked while any loan is outstanding or an application is approved or signed. */
export function accountLock(input: LockInput): AccountLock {
  const reasons: string[] = [];
  const loans = input.outstandingLoans.length;
  if (loans > 0) reasons.push(`您有 ${loans} 笔贷款尚未结清，还款从该账户的店铺回款中扣收`);
  if (input.approvedApplications > 0) {
    reasons.push(`您有 ${input.approvedApplications} 笔申请已审批通过，放款后将从该账户扣收还款`);
  }
  let until: string | null = null;
  for (const loan of input.outstandingLoans) {
    if (until === null || loan.maturityDate > until) until = loan.maturityDate;
  }
  const locked = reasons.length > 0;
  const untilText = !locked
    ? '当前没有未结清的贷款，可以变更收款账户'
    : until === null
      ? '锁定至贷款放款并全部结清后'
      : `锁定至全部贷款结清（最晚到期日 ${until}，提前结清可提前解锁）`;
  return { locked, reasons, until, untilText };
}
