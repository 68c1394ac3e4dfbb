/**
 * A promise to pay (承诺还款): the borrower says they will pay `amountFen` by the end of `promisedDate` (a Shanghai
 * day). The engine decides it once that day has ended: KEPT when what the borrower repaid from the promise's
 * making to the end of its date reaches the amount, else BROKEN. One rule, used by the job and its tests.
 */
import { addDaysIso, parseIsoDate } from '../calendar-date.ts';
import { fenToYuan } from '../money.ts';
import { shanghaiInstant } from '../shanghai-time.ts';
import { COLLECTION_LIMITS, type PromiseState } from './collections.ts';

export type PromiseDecision = Exclude<PromiseState, 'PENDING'>;

/** The end of a promise's window (exclusive): the start of the Shanghai day after the promised date. */
export function promiseWindowEnd(promisedDate: string): Date {
  return shanghaiInstant(addDaysIso(promisedDate, 1));
}

/**
 * The decision on a promise on a Shanghai day `today`, given what was repaid within its window: null while the
 * promised date has not ended (today is that date or before), else KEPT or BROKEN.
 */
export function decidePromise(
  promise: { promisedDate: string; amountFen: number },
  repaidFen: number,
  today: string,
): PromiseDecision | null {
  if (today <= promise.promisedDate) return null;
  return repaidFen >= promise.amountFen ? 'KEPT' : 'BROKEN';
}

/** Why a promise cannot be recorded, and which field it is about; null when it can. */
export function promiseProblem(
  promise: { promisedDate: string; amountFen: number },
  today: string,
  overdueFen: number,
): { field: 'promisedDate' | 'amount'; text: string } | null {
  const last = addDaysIso(today, COLLECTION_LIMITS.promiseMaxDays);
  if (!parseIsoDate(promise.promisedDate) || promise.promisedDate < today || promise.promisedDate > last) {
    return {
      field: 'promisedDate',
      text: `承诺还款日期须在今天（${today}）到 ${last} 之间`,
    };
  }
  if (!Number.isSafeInteger(promise.amountFen) || promise.amountFen <= 0 || promise.amountFen > overdueFen) {
    return {
      field: 'amount',
      text: `承诺金额须大于 0 元，且不超过当前逾期金额 ${fenToYuan(overdueFen)} 元`,
    };
  }
  return null;
}
