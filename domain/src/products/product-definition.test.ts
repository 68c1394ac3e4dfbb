import { describe, expect, it } from 'vitest';
import { PARTNER_BANKS } from '../banks/partner-banks.ts';
import type { Product } from './product.ts';
import { productDefinitionProblems } from './product-definition.ts';

const good: Product = {
  bank: 'SHRB',
  productCode: 'SHRB-T1',
  productType: 'CREDIT',
  name: '测试产品',
  summary: '测试',
  minAmountFen: 1_000_000,
  maxAmountFen: 10_000_000,
  amountStepFen: 100_000,
  terms: [3, 6],
  annualRate: '0.1',
  method: 'EQUAL_INSTALMENT',
  serviceFee: { kind: 'UPFRONT', rate: '0.01' },
  materials: PARTNER_BANKS.SHRB.materials,
};

describe('product definition', () => {
  it('accepts a well-formed product', () => {
    expect(productDefinitionProblems(good)).toEqual([]);
  });

  it.each<[string, Partial<Product>, RegExp]>([
    ['a missing product type where the route needs one', { productType: undefined }, /必须有产品类型/],
    ['a bad product code', { productCode: 'A B' }, /产品编号/],
    ['an empty name', { name: ' ' }, /名称/],
    ['a minimum above the maximum', { minAmountFen: 20_000_000 }, /额度/],
    ['a minimum off the step', { minAmountFen: 1_050_000 }, /额度/],
    ['a zero step', { amountStepFen: 0 }, /额度/],
    ['no terms', { terms: [] }, /期限/],
    ['unsorted terms', { terms: [6, 3] }, /期限/],
    ['a repeated term', { terms: [3, 3] }, /期限/],
    ['a fractional term', { terms: [1.5] }, /期限/],
    ['a bad rate', { annualRate: '12%' }, /年利率/],
    ['an unknown method', { method: 'BALLOON' as never }, /还款方式/],
    ['a bad fee', { serviceFee: { kind: 'UPFRONT', rate: 'x' } }, /服务费/],
    ['an unknown fee kind', { serviceFee: { kind: 'DAILY' as never, rate: '0.01' } }, /服务费/],
    ['missing bank materials', { materials: ['STORE_AUTHORISATION'] }, /申请材料/],
    ['an annualised rate over 24 %', { annualRate: '0.23' }, /年化利率不得超过 24%/],
    ['a flow that cannot collect its materials', { flow: ['SUBMIT', 'BANK_REVIEW'] }, /提交申请前/],
  ])('finds %s', (_, change, message) => {
    expect(productDefinitionProblems({ ...good, ...change }).join('；')).toMatch(message);
  });

  it('refuses a product type where the route has none, and an unknown bank', () => {
    expect(
      productDefinitionProblems({ ...good, bank: 'CGB', materials: PARTNER_BANKS.CGB.materials }),
    ).toEqual(['广发银行的产品不能有产品类型']);
    expect(productDefinitionProblems({ ...good, bank: 'ABC' as never })).toEqual(['未知的合作机构：ABC']);
  });
});
