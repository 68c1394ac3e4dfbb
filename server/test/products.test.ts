import { BANK_CODES, type ProductListResult, SEED_PRODUCTS } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /products/list', () => {
  it('lists the seeded products of all five banks without a session, money in yuan strings', async () => {
    const res = await call<ProductListResult>(t.app, 'GET', '/products/list');
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe('0000');
    const { items } = res.result;
    expect(items.map((p) => p.productCode)).toEqual(SEED_PRODUCTS.map((p) => p.productCode));
    expect(new Set(items.map((p) => p.bank))).toEqual(new Set(BANK_CODES));
    const ynit = items.find((p) => p.productCode === 'YNIT-XT01');
    expect(ynit).toMatchObject({
      bank: 'YNIT',
      bankName: '云南国际信托',
      productType: 'CREDIT',
      minAmount: '10000.00',
      maxAmount: '1000000.00',
      amountStep: '1000.00',
      terms: [3, 6, 9, 12],
      annualRate: '0.168',
      method: 'EQUAL_INSTALMENT',
      serviceFee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    expect(items.find((p) => p.bank === 'CGB')?.productType).toBeNull();
  });

  it('gives every product its annualised rate (IRR of interest and fees), above the nominal rate when a fee is charged', async () => {
    const { items } = (await call<ProductListResult>(t.app, 'GET', '/products/list')).result;
    for (const p of items) {
      const min = Number(p.annualisedRateMin);
      const max = Number(p.annualisedRateMax);
      expect(p.annualisedRateMin).toMatch(/^\d\.\d{4}$/);
      expect(min).toBeLessThanOrEqual(max);
      expect(max).toBeLessThanOrEqual(0.24);
      if (p.serviceFee) expect(min).toBeGreaterThan(Number(p.annualRate) - 0.0001);
    }
    // 16.8 % nominal equal instalments plus 0.2 %/month fee: the fee adds about 2.4 points a year
    const ynit = items.find((p) => p.productCode === 'YNIT-XT01');
    expect(Number(ynit?.annualisedRateMin)).toBeGreaterThan(0.19);
    // interest-first without fee: the annualised rate is the nominal one
    const cgb = items.find((p) => p.productCode === 'CGB-KJED');
    expect(cgb).toMatchObject({ method: 'INTEREST_FIRST', serviceFee: null });
    expect(Number(cgb?.annualisedRateMin)).toBeCloseTo(Number(cgb?.annualRate), 3);
  });

  it('leaves out inactive products and keeps an operator change when the catalogue is seeded again', async () => {
    await t.db.update(products).set({ active: false }).where(eq(products.productCode, 'YNIT-XT02'));
    await t.db.update(products).set({ name: '改名后的产品' }).where(eq(products.productCode, 'YNIT-XT01'));
    await seedCatalogue(t.db, t.clock.now());
    const { items } = (await call<ProductListResult>(t.app, 'GET', '/products/list')).result;
    expect(items.some((p) => p.productCode === 'YNIT-XT02')).toBe(false);
    expect(items.find((p) => p.productCode === 'YNIT-XT01')?.name).toBe('改名后的产品');
    await t.db.update(products).set({ active: true }).where(eq(products.productCode, 'YNIT-XT02'));
  });
});
