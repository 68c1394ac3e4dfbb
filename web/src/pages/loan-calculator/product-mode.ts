import { type ProductCard, RSP, validateProductApplication, yuanToFen } from '@loan/domain';
import type { FieldErrors, LoanFields, PricingFields } from './calculator-input';

/**
 * The calculator's product mode: a product of GET /products/list fills amount, term, rate, method and fee,
 * and its own limits (amount range and step, terms offered) are checked as you type.
 */

/** A decimal rate string of the API to the percentage the calculator's fields take, exactly: "0.168" → "16.8". */
export function decimalToPercent(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.trim().split('.');
  const shiftedWhole = `${whole}${fraction.slice(0, 2).padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${shiftedWhole}.${rest}` : shiftedWhole;
}

function amountFen(text: string): number | null {
  try {
    return yuanToFen(text.trim().replace(/,/g, ''));
  } catch {
    return null;
  }
}

/** The product's pricing as the calculator's fields: method, rate and fee. */
export function pricingOfProduct(product: ProductCard): PricingFields {
  return {
    method: product.method,
    ratePercent: decimalToPercent(product.annualRate),
    fee: product.serviceFee ? product.serviceFee.kind : 'NONE',
    feePercent: product.serviceFee ? decimalToPercent(product.serviceFee.rate) : '',
  };
}

/** The fields for this product: its pricing; the amount and term kept when the product allows them. */
export function fieldsFromProduct(product: ProductCard, current: LoanFields): Partial<LoanFields> {
  const fen = amountFen(current.amount);
  const min = yuanToFen(product.minAmount);
  const max = yuanToFen(product.maxAmount);
  const step = yuanToFen(product.amountStep);
  const amountFits = fen !== null && fen >= min && fen <= max && (step === 0 || fen % step === 0);
  const months = current.months !== null && product.terms.includes(current.months) ? current.months : null;
  return {
    amount: amountFits ? current.amount : product.minAmount.replace(/\.00$/, ''),
    months: months ?? product.terms[0] ?? current.months,
    ...pricingOfProduct(product),
  };
}

/** What the product does not allow of these fields (amount range and step, term), next to the field. */
export function productErrors(product: ProductCard, fields: LoanFields): FieldErrors {
  const fen = amountFen(fields.amount);
  if (fen === null || fields.months === null) return {};
  const problems = validateProductApplication(
    {
      bank: product.bank,
      productCode: product.productCode,
      name: product.name,
      summary: product.summary,
      minAmountFen: yuanToFen(product.minAmount),
      maxAmountFen: yuanToFen(product.maxAmount),
      amountStepFen: yuanToFen(product.amountStep),
      terms: product.terms,
      annualRate: product.annualRate,
      method: product.method,
      serviceFee: product.serviceFee,
      materials: product.materials,
    },
    { amountFen: fen, months: fields.months },
  );
  const errors: FieldErrors = {};
  for (const problem of problems) {
    if (problem.code === RSP.TERM_NOT_OFFERED || problem.reason.includes('期限'))
      errors.months ??= problem.reason;
    else errors.amount ??= problem.reason;
  }
  return errors;
}
