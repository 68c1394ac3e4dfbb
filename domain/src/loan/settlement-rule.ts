import { daysBetween, parseIsoDate } from '../calendar-date.ts';
import { formatYuan } from '../money.ts';
import { dailyInterestFen } from '../schedule/daily-interest.ts';
import { shanghaiInstant } from '../shanghai-time.ts';

/**
 * Early settlement, one rule for the engine, the quote, the agreement and the contract:
 * - instalments already due (due date on or before the settlement date) are owed as contracted: their unpaid
 *   principal, interest, service fee and penalty interest to date;
 * - instalments not yet due: their principal is owed in full; interest runs only for the days actually used,
 *   from the last due date passed (or the value date) to the settlement date, on the principal not yet due,
 *   daily at the annual rate / 360, never above the running instalment's contracted interest; their service
 *   fees are forgiven;
 * - interest and service fees already paid for instalments not yet due are credited against the total;
 * - an upfront service fee still owed is charged.
 * So settling early never costs more than paying every remaining instalment on its date.
 */
export const SETTLEMENT_RULE_TEXT =
  '提前结清时，已到期的期次按合同应还（含未还本金、利息、服务费及截至结清日的罚息）；未到期的期次只还本金，利息按实际使用天数计算（自上一还款日或放款日起至结清日，以未到期本金按年利率/360 按日计息，不超过当期合同利息），其服务费免收；已提前缴付的未到期期次的利息与服务费从结清金额中抵扣；尚未缴纳的一次性服务费随结清一并收取。';

/** The quote holds until the end of its Shanghai day. */
export const SETTLEMENT_QUOTE_VALIDITY_TEXT = '本报价当日有效（北京时间 23:59:59 前完成支付）';

/** The end of a Shanghai date, as an instant: a quote of `asOfDate` may be paid until then. */
export function settlementQuoteValidUntil(asOfDate: string): Date {
  return new Date(shanghaiInstant(asOfDate, '23:59:59').getTime() + 999);
}

export interface SettlementRowInput {
  seq: number;
  dueDate: string;
  principalFen: number;
  interestFen: number;
  paidPrincipalFen: number;
  paidInterestFen: number;
  /** penalty interest to the settlement date (the caller's collections rule); 0 when not overdue */
  penaltyToDateFen: number;
  paidPenaltyFen: number;
  /** PAID or SETTLED_EARLY: nothing more is owed on it */
  closed: boolean;
}

export interface SettlementFeeInput {
  kind: 'UPFRONT' | 'INSTALMENT';
  seq: number;
  dueDate: string;
  /** what the item still owes */
  owedFen: number;
  /** cash already paid on it that may be credited (an instalment fee not yet due, its payment not refunded) */
  creditableFen: number;
}

export interface SettlementInput {
  today: string;
  /** the loan's value date */
  startDate: string;
  annualRate: string;
  rows: readonly SettlementRowInput[];
  fees: readonly SettlementFeeInput[];
}

export interface SettledRowPlan {
  seq: number;
  /** the interest the instalment finally carries (contract interest if due, else the days used) */
  finalInterestFen: number;
}

export interface SettlementFigures {
  asOfDate: string;
  principalFen: number;
  /** unpaid interest of instalments due, plus the days used of the running period (accruedFen) */
  interestFen: number;
  accruedFen: number;
  /** service fees charged: an upfront fee still owed and the unpaid fees of instalments due */
  feeFen: number;
  penaltyFen: number;
  /** unpaid fees of instalments not yet due, forgiven */
  feeWaivedFen: number;
  feeWaivedCount: number;
  /** interest already paid on instalments not yet due, credited */
  interestCreditFen: number;
  /** fees already paid on instalments not yet due, credited */
  feeCreditFen: number;
  /** what the credits exceed the rest by (then the settlement is not taken online) */
  creditExcessFen: number;
  totalFen: number;
  rows: SettledRowPlan[];
}

const sum = <T>(list: readonly T[], of: (t: T) => number) => list.reduce((s, t) => s + of(t), 0);

function days(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new RangeError(`日期不正确：${from} / ${to}`);
  return Math.max(0, daysBetween(a, b));
}

/** What settling a loan on `today` costs, and how each instalment ends: the rule of SETTLEMENT_RULE_TEXT. */
export function settleEarly(input: SettlementInput): SettlementFigures {
  const { today } = input;
  const rows = [...input.rows].sort((a, b) => a.seq - b.seq);
  const due = rows.filter((r) => r.dueDate <= today);
  const notDue = rows.filter((r) => r.dueDate > today);
  const open = rows.filter((r) => !r.closed);
  const lastDue = due.reduce((latest, r) => (r.dueDate > latest ? r.dueDate : latest), input.startDate);
  const running = notDue[0];
  const notDuePrincipal = sum(notDue, (r) => r.principalFen);
  const accruedFen = running
    ? Math.min(dailyInterestFen(notDuePrincipal, input.annualRate, days(lastDue, today)), running.interestFen)
    : 0;
  const dueOpen = due.filter((r) => !r.closed);
  const principalFen = sum(open, (r) => r.principalFen - r.paidPrincipalFen);
  const interestFen = sum(dueOpen, (r) => r.interestFen - r.paidInterestFen) + accruedFen;
  const penaltyFen = sum(dueOpen, (r) => Math.max(0, r.penaltyToDateFen - r.paidPenaltyFen));
  const charged = input.fees.filter((f) => f.owedFen > 0 && (f.kind === 'UPFRONT' || f.dueDate <= today));
  const waived = input.fees.filter((f) => f.owedFen > 0 && f.kind === 'INSTALMENT' && f.dueDate > today);
  const feeFen = sum(charged, (f) => f.owedFen);
  const interestCreditFen = sum(notDue, (r) => r.paidInterestFen);
  const feeCreditFen = sum(
    input.fees.filter((f) => f.kind === 'INSTALMENT' && f.dueDate > today),
    (f) => f.creditableFen,
  );
  const gross = principalFen + interestFen + feeFen + penaltyFen;
  const creditExcessFen = Math.max(0, interestCreditFen + feeCreditFen - gross);
  return {
    asOfDate: today,
    principalFen,
    interestFen,
    accruedFen,
    feeFen,
    penaltyFen,
    feeWaivedFen: sum(waived, (f) => f.owedFen),
    feeWaivedCount: waived.length,
    interestCreditFen,
    feeCreditFen,
    creditExcessFen,
    totalFen: Math.max(0, gross - interestCreditFen - feeCreditFen),
    rows: notDue.map((r) => ({ seq: r.seq, finalInterestFen: r === running ? accruedFen : 0 })),
  };
}

/** What the borrower would pay by paying every remaining instalment on its date (the bound settling keeps). */
export function remainingOnScheduleFen(input: SettlementInput): number {
  const open = input.rows.filter((r) => !r.closed);
  return (
    sum(
      open,
      (r) =>
        r.principalFen -
        r.paidPrincipalFen +
        r.interestFen -
        r.paidInterestFen +
        Math.max(0, r.penaltyToDateFen - r.paidPenaltyFen),
    ) + sum(input.fees, (f) => f.owedFen)
  );
}

/** "剩余 N 期服务费 X 元提前结清免收" when fees are forgiven, else "". */
export function settlementFeeWaivedSentence(
  f: Pick<SettlementFigures, 'feeWaivedFen' | 'feeWaivedCount'>,
): string {
  if (f.feeWaivedCount === 0) return '';
  return `剩余 ${f.feeWaivedCount} 期服务费 ${formatYuan(f.feeWaivedFen)} 元提前结清免收`;
}

/** "已缴未到期期次的利息 X 元、服务费 Y 元从结清金额中抵扣" when anything is credited, else "". */
export function settlementCreditSentence(
  f: Pick<SettlementFigures, 'interestCreditFen' | 'feeCreditFen'>,
): string {
  const parts = [
    f.interestCreditFen > 0 ? `利息 ${formatYuan(f.interestCreditFen)} 元` : '',
    f.feeCreditFen > 0 ? `服务费 ${formatYuan(f.feeCreditFen)} 元` : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  return `已缴未到期期次的${parts.join('、')}从结清金额中抵扣`;
}
