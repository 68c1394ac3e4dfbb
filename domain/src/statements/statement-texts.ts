import { formatYuan } from '../money.ts';
import type { StatementFigures } from './statement-figures.ts';
import { type StatementMonth, statementMonthLabel } from './statement-month.ts';

/** How a 月度对账单 is told: the names of its figures and the sentences that say what they mean, said once. */

export const STATEMENT_TITLE = '月度对账单';
export const OPENING_BALANCE_LABEL = '期初借款余额';
export const CLOSING_BALANCE_LABEL = '期末借款余额';

/** When statements are made, as the empty list and the documentation say it. */
export function statementScheduleSentence(): string {
  return '每月 1 日生成上一个自然月的对账单（有放款、还款、缴费或退款，或仍有借款余额的月份）。';
}

/** What the balance is and at which instants: printed on every statement. */
export function statementBalanceSentence(bounds: Pick<StatementMonth, 'firstDay' | 'nextFirstDay'>): string {
  return (
    `借款余额是您在本平台全部贷款尚未归还的本金合计，不含利息、罚息和服务费；` +
    `${OPENING_BALANCE_LABEL}为 ${bounds.firstDay} 00:00（北京时间）时的余额，` +
    `${CLOSING_BALANCE_LABEL}为 ${bounds.nextFirstDay} 00:00 时的余额。` +
    `${CLOSING_BALANCE_LABEL} = ${OPENING_BALANCE_LABEL} + 本月放款 − 本月归还本金。`
  );
}

/** The next due date and what it asks, or that nothing is due. */
export function statementNextDueSentence(nextDueDate: string | null, nextDueFen: number | null): string {
  if (!nextDueDate || nextDueFen === null) return '暂无待还的期次。';
  return (
    `下一还款日 ${nextDueDate}，应还 ${formatYuan(nextDueFen)} 元` +
    '（当日到期各期的本金、利息、服务费及罚息中，对账单生成时尚未归还的部分）。'
  );
}

/** A figure as the statement prints it: its label and amount in fen (the label says which way the money went). */
export interface StatementRow {
  label: string;
  fen: number;
}

/** The balance's rows: opening, what came in and went out of it, closing. */
export function statementBalanceRows(f: StatementFigures): StatementRow[] {
  return [
    { label: OPENING_BALANCE_LABEL, fen: f.openingFen },
    { label: '加：本月放款', fen: f.disbursedFen },
    { label: '减：本月归还本金', fen: f.repaidPrincipalFen },
    { label: CLOSING_BALANCE_LABEL, fen: f.closingFen },
  ];
}

/** What the month's repayments, fees, refunds and coupons came to. */
export function statementActivityRows(f: StatementFigures): StatementRow[] {
  return [
    { label: '还款：本金', fen: f.repaidPrincipalFen },
    { label: '还款：利息', fen: f.repaidInterestFen },
    { label: '还款：罚息', fen: f.repaidPenaltyFen },
    { label: '还款：随期服务费', fen: f.repaidFeeFen },
    { label: '缴纳服务费', fen: f.feesPaidFen },
    { label: '退回服务费', fen: f.feesRefundedFen },
    { label: `优惠券抵扣（${f.couponsUsedCount} 张，不计入付款）`, fen: f.couponsUsedFen },
    { label: '未冲抵欠款的付款（可退）', fen: f.unappliedPaidFen },
    { label: '退回的其他款项', fen: f.otherRefundedFen },
  ];
}

/** The statement's heading: "2026年03月 月度对账单". */
export function statementHeading(month: string): string {
  return `${statementMonthLabel(month)} ${STATEMENT_TITLE}`;
}
