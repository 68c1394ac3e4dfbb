import {
  type Product,
  type ProductCard,
  type ProductProblem,
  productSchedule,
  type Schedule,
  validateProductApplication,
  yuanToFen,
} from '@loan/domain';

/** The domain's product (amounts in fen) from the card the server sends (yuan strings). */
export function productFromCard(card: ProductCard): Product {
  return {
    bank: card.bank,
    productCode: card.productCode,
    productType: card.productType ?? undefined,
    name: card.name,
    summary: card.summary,
    minAmountFen: yuanToFen(card.minAmount),
    maxAmountFen: yuanToFen(card.maxAmount),
    amountStepFen: yuanToFen(card.amountStep),
    terms: card.terms,
    annualRate: card.annualRate,
    method: card.method,
    serviceFee: card.serviceFee,
    materials: card.materials,
    flow: card.flow,
  };
}

/** Yuan as a number (from an InputNumber) to fen, exactly; NaN when it has more than two decimals. */
export function numberYuanToFen(yuan: number | null | undefined): number {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return Number.NaN;
  try {
    return yuanToFen(String(yuan));
  } catch {
    return Number.NaN;
  }
}

interface Preview {
  problems: ProductProblem[];
  schedule: Schedule | null;
}

/** The product's rules for an amount and term and, when they pass, the repayment schedule from startDate. */
export function previewApplication(
  product: Product,
  amountFen: number,
  months: number,
  startDate: string,
): Preview {
  const problems = validateProductApplication(product, { amountFen, months });
  if (problems.length > 0) return { problems, schedule: null };
  return { problems, schedule: productSchedule(product, amountFen, months, startDate) };
}
