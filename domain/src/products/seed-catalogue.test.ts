import { describe, expect, it } from 'vitest';
import { BANK_CODES, PARTNER_BANKS } from '../banks/partner-banks.ts';
import { productAnnualisedRate, validateProductApplication } from './product.ts';
import { MAX_ANNUALISED_RATE, productDefinitionProblems } from './product-definition.ts';
import { SEED_PRODUCTS } from './seed-catalogue.ts';

const START = '2024-01-15';

describe('seed catalogue', () => {
  it('offers one or two products at every partner bank, with unique product codes', () => {
    for (const bank of BANK_CODES) {
      const count = SEED_PRODUCTS.filter((p) => p.bank === bank).length;
      expect(count, bank).toBeGreaterThanOrEqual(1);
      expect(count, bank).toBeLessThanOrEqual(2);
    }
    const codes = SEED_PRODUCTS.map((p) => p.productCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(SEED_PRODUCTS)('$productCode $name is a valid product', (product) => {
    expect(productDefinitionProblems(product)).toEqual([]);
  });

  it.each(SEED_PRODUCTS)(
    '$productCode has a product type exactly when its bank’s route needs one',
    (product) => {
      const needsType = (PARTNER_BANKS[product.bank].routeParams as readonly string[]).includes(
        'productType',
      );
      expect(product.productType !== undefined).toBe(needsType);
    },
  );

  it.each(SEED_PRODUCTS)('$productCode: amounts from 1万 to 200万, rates 7 %–18 %', (product) => {
    expect(product.minAmountFen).toBeGreaterThanOrEqual(1_000_000);
    expect(product.maxAmountFen).toBeLessThanOrEqual(200_000_000);
    expect(Number(product.annualRate)).toBeGreaterThanOrEqual(0.07);
    expect(Number(product.annualRate)).toBeLessThanOrEqual(0.18);
  });

  it.each(SEED_PRODUCTS)('$productCode accepts its own limits at every term', (product) => {
    for (const months of product.terms) {
      for (const amountFen of [product.minAmountFen, product.maxAmountFen]) {
        expect(validateProductApplication(product, { amountFen, months })).toEqual([]);
      }
    }
  });

  it.each(SEED_PRODUCTS)(
    '$productCode: annualised rate ≥ nominal, above it with fees, within 24 %',
    (product) => {
      const nominal = Number(product.annualRate);
      for (const months of product.terms) {
        const rate = productAnnualisedRate(product, product.minAmountFen, months, START);
        if (product.serviceFee) expect(rate).toBeGreaterThan(nominal);
        else expect(rate).toBeCloseTo(nominal, 6);
        expect(rate).toBeLessThanOrEqual(MAX_ANNUALISED_RATE);
      }
    },
  );

  it('has fees of both kinds and products without', () => {
    const kinds = new Set(SEED_PRODUCTS.map((p) => p.serviceFee?.kind ?? 'NONE'));
    expect([...kinds].sort()).toEqual(['NONE', 'PER_INSTALMENT', 'UPFRONT']);
  });

  it('covers all three repayment methods', () => {
    expect(new Set(SEED_PRODUCTS.map((p) => p.method)).size).toBe(3);
  });
});
