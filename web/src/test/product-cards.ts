import { type ProductCard, productCardOf, SEED_PRODUCTS } from '@loan/domain';

/** The seed catalogue as GET /products/list sends it (the server's productCard, for web tests). */
export const PRODUCT_CARDS: ProductCard[] = SEED_PRODUCTS.map((product) =>
  productCardOf(product, '2026-03-02'),
);

export function productCard(productCode: string): ProductCard {
  const card = PRODUCT_CARDS.find((p) => p.productCode === productCode);
  if (!card) throw new Error(`no product ${productCode}`);
  return card;
}
