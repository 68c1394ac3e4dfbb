import { describe, expect, it } from 'vitest';
import { MONEY_RULES, moneyRuleBreaches } from './catalogue.ts';
import {
  FEES_DUE_SOON_LABEL,
  instalmentFeeSentence,
  interestSentence,
  owedSentence,
  upfrontFeeSentence,
} from './sentences.ts';

describe('the money rules in words', () => {
  it('the upfront fee: disbursed in full, not deducted, due N days after disbursement', () => {
    expect(upfrontFeeSentence(500_00, 7)).toBe(
      '借款全额发放，一次性服务费 500.00 元不从借款中扣除，于放款后 7 日内在“服务费”页面缴纳。',
    );
    expect(upfrontFeeSentence(null)).toBe(
      '借款全额发放，一次性服务费不从借款中扣除，于放款后 7 日内在“服务费”页面缴纳。',
    );
  });

  it('instalment fees: with each repayment, with or without figures', () => {
    expect(instalmentFeeSentence(100_00, 6)).toBe(
      '分期服务费每期 100.00 元，共 6 期，随每期还款一并收取，也可在应缴日期前于“服务费”页面单独缴纳。',
    );
    expect(instalmentFeeSentence(null, null)).toBe(
      '分期服务费随每期还款一并收取，也可在应缴日期前于“服务费”页面单独缴纳。',
    );
  });

  it('待缴 is everything owed whatever the due date; the 30-day part has its own name', () => {
    expect(owedSentence()).toContain('尚未缴清的全部服务费（含尚未到期的各期），不论应缴日期');
    expect(owedSentence()).toContain(`“${FEES_DUE_SOON_LABEL}”`);
    expect(FEES_DUE_SOON_LABEL).toBe('30 日内到期');
  });

  it('interest runs from disbursement at the annual rate ÷ 12 on the remaining principal', () => {
    expect(interestSentence('0.0850')).toContain('月利率（年利率 8.50% ÷ 12）');
  });

  it('no rule’s canonical sentence breaks any rule', () => {
    const canon = Object.fromEntries(MONEY_RULES.map((r) => [r.id, r.canonical]));
    expect(moneyRuleBreaches(canon)).toEqual([]);
    expect(new Set(MONEY_RULES.map((r) => r.id)).size).toBe(MONEY_RULES.length);
  });

  it('finds the contradicting phrases, and not their negations', () => {
    const breaches = moneyRuleBreaches({
      calculator: '按借款本金一次性收取，放款时扣除',
      apply: '服务费 500.00 于放款时一次性收取',
      contract: '服务费不从借款金额中扣除',
      fees: '当前待缴 0.00 元',
    });
    expect(breaches.map((b) => `${b.source} ${b.rule}`)).toEqual([
      'calculator UPFRONT_FEE',
      'apply UPFRONT_FEE',
      'apply UPFRONT_FEE',
      'apply UPFRONT_FEE',
      'fees OWED',
    ]);
  });
});
