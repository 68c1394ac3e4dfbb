import { RSP } from '../api/rsp-codes.ts';
import { assertFen, formatYuan } from '../money.ts';

/**
 * The store's estimated limit (docs/SANDBOX.md, the sandbox banks' rule): a bank lends at most this share of the
 * store's trailing twelve months' sales. Shown before applying (the store card, the apply form) and checked by
 * the portal before an application goes to the bank; the bank still decides the final amount.
 */
export const STORE_CREDIT_SHARE_PERCENT = 30;

/** The estimated limit of a store with these trailing twelve months' sales, in fen (rounded down). */
export function estimatedCreditLimitFen(annualSalesFen: number): number {
  assertFen(annualSalesFen);
  return Math.floor((annualSalesFen * STORE_CREDIT_SHARE_PERCENT) / 100);
}

/** Why an amount is above the store's estimated limit, in the borrower's words. */
export function storeLimitReason(limitFen: number): string {
  return `超过店铺预估额度 ${formatYuan(limitFen)} 元（近12个月销售额的${STORE_CREDIT_SHARE_PERCENT}%），请调低借款金额`;
}

/** The refusal of an amount above the store's estimated limit (3106), or null when it fits. */
export function storeLimitProblem(
  amountFen: number,
  annualSalesFen: number,
): { code: typeof RSP.AMOUNT_ABOVE_STORE_LIMIT; reason: string } | null {
  const limitFen = estimatedCreditLimitFen(annualSalesFen);
  return amountFen > limitFen
    ? { code: RSP.AMOUNT_ABOVE_STORE_LIMIT, reason: storeLimitReason(limitFen) }
    : null;
}
