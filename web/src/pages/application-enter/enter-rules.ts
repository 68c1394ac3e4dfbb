import {
  estimatedCreditLimitFen,
  type MwsTokenCheckResult,
  type Product,
  STORE_CREDIT_SHARE_PERCENT,
  storeLimitProblem,
  validateProductApplication,
  yuanToFen,
} from '@loan/domain';
import { numberYuanToFen } from '../../components/application/product';

/** The store's figures the form checks the amount against: its sales and the estimated limit (fen). */
interface StoreLimit {
  annualSalesFen: number;
  limitFen: number;
}

/** The store check's sales and limit, or null while unknown (no authorised store, not loaded). */
export function storeLimitOf(check: MwsTokenCheckResult | undefined): StoreLimit | null {
  if (!check?.annualSales) return null;
  const annualSalesFen = yuanToFen(check.annualSales);
  return { annualSalesFen, limitFen: estimatedCreditLimitFen(annualSalesFen) };
}

/**
 * The most this store may ask for this product: the product's maximum or the store's limit, whichever is lower,
 * down to the product's step. Below the product's minimum when the store's limit does not reach it.
 */
export function effectiveMaxFen(product: Product, limit: StoreLimit | null): number {
  if (!limit) return product.maxAmountFen;
  const step = product.amountStepFen;
  return Math.min(product.maxAmountFen, Math.floor(limit.limitFen / step) * step);
}

/** "店铺预估可借额度 720,000.00 元（近12个月销售额的30%）" and what it means for this product. */
export function limitRuleText(limitText: string): string {
  return `店铺预估可借额度 ${limitText}（近12个月销售额的${STORE_CREDIT_SHARE_PERCENT}%）`;
}

/**
 * The first problem of the amount: the product's rules (checked with an offered term), then the store's
 * estimated limit, in the words the server's 3106 uses.
 */
export function amountProblem(
  product: Product,
  limit: StoreLimit | null,
  yuan: number | null | undefined,
): string | null {
  if (yuan === null || yuan === undefined) return null;
  const amountFen = numberYuanToFen(yuan);
  const months = product.terms[0] ?? 1;
  const productProblem = validateProductApplication(product, { amountFen, months })[0]?.reason;
  if (productProblem) return productProblem;
  return limit ? (storeLimitProblem(amountFen, limit.annualSalesFen)?.reason ?? null) : null;
}

/** The problem of the term, checked with the product's least amount. */
export function termProblem(product: Product, months: number | null | undefined): string | null {
  if (months === null || months === undefined) return null;
  return validateProductApplication(product, { amountFen: product.minAmountFen, months })[0]?.reason ?? null;
}
