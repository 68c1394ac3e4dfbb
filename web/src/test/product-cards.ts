import {
  fenToYuan,
  PARTNER_BANKS,
  type ProductCard,
  productAnnualisedRateRange,
  productFlow,
  rateToNumber,
  SEED_PRODUCTS,
} from '@loan/domain';

/** The seed catalogue as GET /products/list sends it (the server's productCard, for web tests). */
export const PRODUCT_CARDS: ProductCard[] = SEED_PRODUCTS.map((product) => {
  const range = productAnnualisedRateRange(product, '2026-03-02');
  const fee = product.serviceFee;
  return {
    bank: product.bank,
    bankName: PARTNER_BANKS[product.bank].name,
    productCode: product.productCode,
    productType: product.productType ?? null,
    name: product.name,
    summary: product.summary,
    minAmount: fenToYuan(product.minAmountFen),
    maxAmount: fenToYuan(product.maxAmountFen),
    amountStep: fenToYuan(product.amountStepFen),
    terms: [...product.terms],
    annualRate: product.annualRate,
    method: product.method,
    serviceFee: fee
      ? { kind: fee.kind, rate: typeof fee.rate === 'string' ? fee.rate : String(rateToNumber(fee.rate)) }
      : null,
    annualisedRateMin: range.min.toFixed(4),
    annualisedRateMax: range.max.toFixed(4),
    materials: [...product.materials],
    flow: [...productFlow(product)],
  };
});

export function productCard(productCode: string): ProductCard {
  const card = PRODUCT_CARDS.find((p) => p.productCode === productCode);
  if (!card) throw new Error(`no product ${productCode}`);
  return card;
}
