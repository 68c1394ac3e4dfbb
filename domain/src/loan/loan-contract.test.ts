import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ratePercentText } from '../fees/service-fee-label.ts';
import { fenToYuan, formatYuan, yuanToFen } from '../money.ts';
import { productSchedule } from '../products/product-schedule.ts';
import {
  APPROVAL_SIGN_DAYS,
  type LoanContractTerms,
  loanContractNo,
  renderLoanContract,
  signDeadlineMinuteOf,
  signDeadlineOf,
  signDeadlinePassed,
} from './loan-contract.ts';
import { SETTLEMENT_RULE_TEXT } from './settlement-rule.ts';

const TERMS: LoanContractTerms = {
  contractNo: 'JKYNIT2026030200000042',
  version: 'LC-1',
  parties: {
    borrowerCompany: '深圳市跨境优品贸易有限公司',
    uscc: '91440300MA5FXXXX0K',
    legalRepresentative: '张三',
    bankName: '云南国际信托',
    platform: '跨境电商融资服务平台运营方',
  },
  amountFen: 80_000_000,
  termMonths: 12,
  product: {
    annualRate: '0.0864',
    method: 'INTEREST_FIRST',
    serviceFee: { kind: 'PER_INSTALMENT', rate: '0.002' },
  },
  assumedStartDate: '2026-03-02',
  receivingAccount: { bankName: '云南国际信托', accountMasked: '6222 **** **** 1234' },
  signDeadline: '2026-03-09',
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const money = (yuan: string) => formatYuan(yuanToFen(yuan));

describe('renderLoanContract', () => {
  const contract = renderLoanContract(TERMS);
  const engine = productSchedule(TERMS.product, TERMS.amountFen, TERMS.termMonths, TERMS.assumedStartDate);

  it('takes every key fact from the engine’s schedule', () => {
    const first = engine.instalments[0];
    const last = engine.instalments.at(-1);
    expect(contract.keyFacts).toEqual({
      amount: '800000.00',
      termMonths: 12,
      method: 'INTEREST_FIRST',
      methodLabel: '先息后本',
      annualRate: '0.0864',
      annualisedRate: engine.annualisedRate.toFixed(4),
      totalInterest: fenToYuan(engine.totals.interestFen),
      totalFees: fenToYuan(engine.totals.feeFen),
      totalRepay: fenToYuan(engine.totals.paymentFen),
      firstPayment: { dueDate: first?.dueDate, amount: fenToYuan(first?.paymentFen ?? -1) },
      lastPayment: { dueDate: last?.dueDate, amount: fenToYuan(last?.paymentFen ?? -1) },
    });
    expect(contract.keyFacts.lastPayment.amount).toBe('807360.00');
    expect(contract.schedule).toHaveLength(12);
    expect(contract.schedule.map((i) => i.payment)).toEqual(
      engine.instalments.map((i) => fenToYuan(i.paymentFen)),
    );
    expect(contract.schedule.at(-1)?.remaining).toBe('0.00');
  });

  it('states each figure in the text, the key facts before the parties', () => {
    const { body, keyFacts } = contract;
    const figures = [
      keyFacts.amount,
      keyFacts.totalInterest,
      keyFacts.totalFees,
      keyFacts.totalRepay,
      keyFacts.firstPayment.amount,
      keyFacts.lastPayment.amount,
    ];
    for (const figure of figures) expect(body).toContain(money(figure));
    expect(body).toContain(`年化利率：${ratePercentText(keyFacts.annualisedRate)}`);
    expect(body).toContain('借款年利率（名义利率）为 8.64%');
    expect(body).toContain(keyFacts.firstPayment.dueDate);
    expect(body).toContain(keyFacts.lastPayment.dueDate);
    for (const i of engine.instalments) {
      expect(body).toContain(`第 ${i.period} 期 | ${i.dueDate} | ${formatYuan(i.principalFen)}`);
    }
    const facts = body.indexOf('一、关键信息');
    expect(facts).toBeGreaterThan(0);
    expect(facts).toBeLessThan(body.indexOf(TERMS.parties.borrowerCompany));
    for (const text of [
      TERMS.contractNo,
      TERMS.version,
      TERMS.parties.uscc,
      TERMS.parties.legalRepresentative,
      TERMS.parties.bankName,
      TERMS.parties.platform,
      '6222 **** **** 1234',
      '2026-03-09',
      '0.20%/月',
    ]) {
      expect(body).toContain(text);
    }
  });

  it('states the penalty as the collections charge it: overdue principal × nominal rate × days / 360', () => {
    expect(contract.penaltyText).toContain('年利率 8.64%');
    expect(contract.penaltyText).toContain('逾期未还本金 × 年利率 × 逾期天数 ÷ 360');
    expect(contract.body).toContain(contract.penaltyText);
  });

  it('says what early settlement charges, forgives and credits in the words of the settlement rule', () => {
    expect(contract.body).toContain(SETTLEMENT_RULE_TEXT);
    expect(contract.body).toContain('在平台收银台支付成功后本合同项下借款即结清');
  });

  it('is the same text for the same terms and another for any other term', () => {
    expect(renderLoanContract({ ...TERMS }).body).toBe(contract.body);
    const changed: LoanContractTerms[] = [
      { ...TERMS, amountFen: 79_990_000 },
      { ...TERMS, termMonths: 6 },
      { ...TERMS, product: { ...TERMS.product, annualRate: '0.0865' } },
      { ...TERMS, product: { ...TERMS.product, method: 'EQUAL_INSTALMENT' } },
      { ...TERMS, product: { ...TERMS.product, serviceFee: { kind: 'PER_INSTALMENT', rate: '0.003' } } },
      { ...TERMS, product: { ...TERMS.product, serviceFee: { kind: 'UPFRONT', rate: '0.002' } } },
      { ...TERMS, product: { ...TERMS.product, serviceFee: null } },
      { ...TERMS, parties: { ...TERMS.parties, borrowerCompany: '深圳市跨境优品贸易有限责任公司' } },
      { ...TERMS, parties: { ...TERMS.parties, uscc: '91440300MA5FXXXX1K' } },
      { ...TERMS, parties: { ...TERMS.parties, legalRepresentative: '李四' } },
      { ...TERMS, parties: { ...TERMS.parties, bankName: '华润银行' } },
      { ...TERMS, receivingAccount: { bankName: '云南国际信托', accountMasked: '6222 **** **** 9999' } },
      { ...TERMS, receivingAccount: null },
      { ...TERMS, signDeadline: '2026-03-10' },
      { ...TERMS, assumedStartDate: '2026-03-03' },
      { ...TERMS, contractNo: 'JKYNIT2026030200000043' },
      { ...TERMS, version: 'LC-2' },
    ];
    const hashes = new Set([
      sha256(contract.body),
      ...changed.map((t) => sha256(renderLoanContract(t).body)),
    ]);
    expect(hashes.size).toBe(changed.length + 1);
  });

  it('says how an upfront fee is paid, and that there is none without a fee', () => {
    const upfront = renderLoanContract({
      ...TERMS,
      product: { ...TERMS.product, serviceFee: { kind: 'UPFRONT', rate: '0.01' } },
    });
    expect(upfront.upfrontFee).toBe('8000.00');
    expect(upfront.keyFacts.totalFees).toBe('8000.00');
    expect(upfront.body).toContain('共 8,000.00 元');
    expect(renderLoanContract({ ...TERMS, product: { ...TERMS.product, serviceFee: null } }).body).toContain(
      '本笔借款不收取平台服务费',
    );
  });
});

describe('signing deadline', () => {
  it('is the Shanghai date of the decision plus seven days, inclusive', () => {
    expect(APPROVAL_SIGN_DAYS).toBe(7);
    // 2026-03-01 17:00 UTC is already 2 March in Shanghai
    expect(signDeadlineOf(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-09');
    expect(signDeadlineOf(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-08');
    expect(signDeadlinePassed('2026-03-09', new Date('2026-03-09T15:59:59Z'))).toBe(false);
    expect(signDeadlinePassed('2026-03-09', new Date('2026-03-09T16:00:00Z'))).toBe(true);
    // the notice's text: the deadline day's last minute, the minute before it passes
    expect(signDeadlineMinuteOf(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-09 23:59');
    expect(signDeadlinePassed('2026-03-09', new Date('2026-03-09T15:59:00Z'))).toBe(false);
  });

  it('numbers contracts by bank, Shanghai day and application id', () => {
    expect(loanContractNo('YNIT', 42, new Date('2026-03-01T17:00:00Z'))).toBe('JKYNIT2026030200000042');
  });
});
