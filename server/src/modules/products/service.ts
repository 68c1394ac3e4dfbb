import {
  isBankCode,
  MATERIALS,
  type MaterialKey,
  type Product,
  type ProductCard,
  productCardOf,
  REPAYMENT_METHODS,
  type RepaymentMethod,
  SEED_PRODUCTS,
  serviceFeeText,
} from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ProductRow, products } from '../../db/schema.ts';

type Db = Pick<Database, 'select' | 'insert'>;

function isMethod(value: string): value is RepaymentMethod {
  return (REPAYMENT_METHODS as readonly string[]).includes(value);
}

/** A product row as the domain's Product; a row the domain cannot read (bad bank, method) is skipped. */
export function rowToProduct(row: ProductRow): Product | null {
  if (!isBankCode(row.bank) || !isMethod(row.method)) return null;
  const fee = row.serviceFee;
  return {
    bank: row.bank,
    productCode: row.productCode,
    ...(row.productType ? { productType: row.productType } : {}),
    name: row.name,
    summary: row.summary,
    minAmountFen: row.minAmountFen,
    maxAmountFen: row.maxAmountFen,
    amountStepFen: row.amountStepFen,
    terms: row.terms,
    annualRate: row.annualRate,
    method: row.method,
    serviceFee:
      fee && (fee.kind === 'UPFRONT' || fee.kind === 'PER_INSTALMENT')
        ? { kind: fee.kind, rate: fee.rate }
        : null,
    materials: row.materials.filter((m): m is MaterialKey => (MATERIALS as readonly string[]).includes(m)),
    ...(row.flow ? { flow: row.flow } : {}),
  };
}

/** The active products, in display order. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map(rowToProduct).filter((p): p is Product => p !== null);
}

const cardCache = new Map<string, ProductCard>();

/** The card a borrower compares products by; 年化利率 over the terms offered at the largest amount. */
export function productCard(product: Product, today: string): ProductCard {
  const key = `${today}|${JSON.stringify(product)}`;
  const cached = cardCache.get(key);
  if (cached) return cached;
  const card = productCardOf(product, today);
  if (cardCache.size > 1000) cardCache.clear();
  cardCache.set(key, card);
  return card;
}

/** Inserts the seed catalogue's products that are missing; never overwrites an operator's changes. */
export async function seedProducts(db: Db, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const [index, product] of SEED_PRODUCTS.entries()) {
    const rows = await db
      .insert(products)
      .values({
        bank: product.bank,
        productCode: product.productCode,
        productType: product.productType ?? null,
        name: product.name,
        summary: product.summary,
        minAmountFen: product.minAmountFen,
        maxAmountFen: product.maxAmountFen,
        amountStepFen: product.amountStepFen,
        terms: [...product.terms],
        annualRate: product.annualRate,
        method: product.method,
        serviceFee: serviceFeeText(product.serviceFee),
        materials: [...product.materials],
        flow: product.flow ? [...product.flow] : null,
        sortOrder: index,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ code: products.productCode });
    created.push(...rows.map((r) => r.code));
  }
  return created;
}
