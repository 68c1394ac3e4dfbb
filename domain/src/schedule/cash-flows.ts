import type { CashFlow } from '../irr.ts';
import type { Schedule } from './types.ts';

/** Days in a month on the 360-day year used for broken periods. */
const DAYS_PER_MONTH = 30;

/**
 * The borrower's cash flows for the annualised rate: + principal less any upfront fee at the start,
 * − each instalment's payment (fees included) at its due date. Regular periods are whole months; a broken
 * first period lasts days / 30 months (360-day year), and later periods follow it a month apart.
 */
export function scheduleCashFlows(
  principalFen: number,
  schedule: Pick<Schedule, 'instalments' | 'upfrontFeeFen' | 'brokenFirstPeriod'>,
): CashFlow[] {
  const first = schedule.instalments[0];
  const firstMonths = schedule.brokenFirstPeriod && first ? first.days / DAYS_PER_MONTH : 1;
  return [
    { months: 0, amountFen: principalFen - schedule.upfrontFeeFen },
    ...schedule.instalments.map((i) => ({ months: firstMonths + i.period - 1, amountFen: -i.paymentFen })),
  ];
}
