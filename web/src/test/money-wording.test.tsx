import {
  FEES_DUE_SOON_LABEL,
  FEES_OWED_LABEL,
  FEES_PAID_GROSS_LABEL,
  FEES_PAID_NET_LABEL,
  instalmentFeeSentence,
  ledgerTotalFigures,
  MONEY_RULES,
  type MoneyRuleId,
  moneyRuleBreaches,
  OWED_LABEL,
  owedSentence,
  productSchedule,
  SETTLEMENT_RULE_TEXT,
  serviceFeeRuleSentence,
  upfrontFeeSentence,
} from '@loan/domain';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { ContractDocument } from '../components/contract/ContractDocument';
import { loanContract } from '../components/contract/contract-fixtures';
import { ServiceFeeTerms } from '../components/fees/ServiceFeeTerms';
import { PreviewSummary } from '../pages/application-enter/PreviewSummary';
import { PricingInputs } from '../pages/loan-calculator/PricingInputs';
import { ScheduleTable } from '../pages/loan-calculator/ScheduleTable';
import { LoanTerms } from '../pages/loan-record-detail/LoanTerms';
import { SettlementQuoteView } from '../pages/loan-record-detail/SettlementQuoteView';
import { overview } from '../pages/my-account/account-fixtures';
import { OwedCard } from '../pages/my-account/OwedCard';
import { FeeTotalsRow } from '../pages/service-fees/FeeParts';
import { LOAN } from './loan-record-fixtures';

/**
 * The web's side of the money wording's consistency (the server's is server/test/money-wording-consistency.test.ts):
 * every screen that states a money rule, rendered for the user test's loans (CGB-DPJY 100,000 × 12 with a 0.5 %
 * upfront fee; YNIT-XT01 50,000 × 6 at 0.20 %/月), walked over every rule's contradicting phrases, and each
 * rule it states found in the domain's sentence.
 */
const CGB = {
  annualRate: '0.096',
  method: 'EQUAL_INSTALMENT',
  serviceFee: { kind: 'UPFRONT', rate: '0.005' },
} as const;
const YNIT = {
  annualRate: '0.168',
  method: 'EQUAL_INSTALMENT',
  serviceFee: { kind: 'PER_INSTALMENT', rate: '0.002' },
} as const;
const upfrontSchedule = productSchedule(CGB, 100_000_00, 12, '2026-11-27');
const instalmentSchedule = productSchedule(YNIT, 50_000_00, 6, '2026-11-27');

function textOf(node: ReactNode): string {
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
  const text = view.container.textContent ?? '';
  view.unmount();
  return text;
}

const noop = () => undefined;

/** Every screen's text, keyed by the screen. */
const SCREENS: Record<string, () => ReactNode> = {
  'calculator fee field': () => (
    <PricingInputs
      idPrefix="a"
      value={{ method: 'EQUAL_INSTALMENT', ratePercent: '9.6', fee: 'UPFRONT', feePercent: '0.5' }}
      errors={{}}
      onChange={noop}
      span={{ xs: 24 }}
    />
  ),
  'calculator instalment fee field': () => (
    <PricingInputs
      idPrefix="b"
      value={{ method: 'EQUAL_INSTALMENT', ratePercent: '16.8', fee: 'PER_INSTALMENT', feePercent: '0.2' }}
      errors={{}}
      onChange={noop}
      span={{ xs: 24 }}
    />
  ),
  'calculator schedule': () => <ScheduleTable schedule={upfrontSchedule} />,
  'calculator instalment schedule': () => <ScheduleTable schedule={instalmentSchedule} />,
  'apply form instalment preview': () => (
    <PreviewSummary
      amountFen={50_000_00}
      months={6}
      method="EQUAL_INSTALMENT"
      schedule={instalmentSchedule}
      onShowSchedule={noop}
    />
  ),
  'apply form preview': () => (
    <PreviewSummary
      amountFen={100_000_00}
      months={12}
      method="EQUAL_INSTALMENT"
      schedule={upfrontSchedule}
      onShowSchedule={noop}
    />
  ),
  'product card upfront': () => <ServiceFeeTerms fee={CGB.serviceFee} />,
  'product card instalment': () => <ServiceFeeTerms fee={YNIT.serviceFee} />,
  'contract key facts': () => (
    <ContractDocument
      contract={loanContract({ serviceFeeLabel: '0.50%（一次性）', upfrontFee: '500.00', body: '' })}
    />
  ),
  'fee page totals': () => (
    <FeeTotalsRow
      loading={false}
      totals={{
        owed: '1100.00',
        dueSoon: '600.00',
        overdue: '0.00',
        paidThisYear: '450.00',
        refunded: '10.00',
      }}
    />
  ),
  'my account': () => <OwedCard owed={overview({ feesDue: '1100.00', feesDueCount: 7 }).owed} />,
  'loan detail fee line': () => (
    <LoanTerms
      loan={{
        ...LOAN,
        serviceFee: {
          amount: '500.00',
          status: 'DUE',
          outstanding: '500.00',
          rateLabel: '0.50%（一次性）',
          chargeRule: serviceFeeRuleSentence(CGB.serviceFee) ?? '',
        },
      }}
    />
  ),
  'settlement quote': () => (
    <SettlementQuoteView
      quote={{
        loanId: 2001,
        asOfDate: '2026-12-10',
        validUntil: '2026-12-10T15:59:59.999Z',
        principal: '91953.60',
        interest: '240.00',
        fee: '0.00',
        penalty: '0.00',
        credit: '900.00',
        total: '91293.60',
        feeWaived: '300.00',
        feeNote: '剩余 3 期服务费 300.00 元提前结清免收',
        creditNote: '已缴未到期期次的利息 800.00 元、服务费 100.00 元从结清金额中抵扣',
        openOrder: null,
      }}
    />
  ),
  'transaction totals': () =>
    ledgerTotalFigures({
      amount: '99550.00',
      principal: '100000.00',
      disbursed: '100000.00',
      interest: '0.00',
      penalty: '0.00',
      fee: '-440.00',
      count: 3,
    })
      .map((f) => f.label)
      .join(' '),
};

/** Where a screen states a rule, the sentence or label it must show. */
const STATED: readonly { rule: MoneyRuleId; screen: string; text: string }[] = [
  { rule: 'EARLY_SETTLEMENT', screen: 'settlement quote', text: SETTLEMENT_RULE_TEXT },
  { rule: 'UPFRONT_FEE', screen: 'calculator fee field', text: upfrontFeeSentence(null) },
  { rule: 'UPFRONT_FEE', screen: 'calculator schedule', text: upfrontFeeSentence(500_00) },
  { rule: 'UPFRONT_FEE', screen: 'apply form preview', text: upfrontFeeSentence(500_00) },
  { rule: 'UPFRONT_FEE', screen: 'product card upfront', text: upfrontFeeSentence(null) },
  { rule: 'UPFRONT_FEE', screen: 'contract key facts', text: upfrontFeeSentence(500_00) },
  { rule: 'UPFRONT_FEE', screen: 'loan detail fee line', text: upfrontFeeSentence(null) },
  {
    rule: 'INSTALMENT_FEE',
    screen: 'calculator instalment fee field',
    text: instalmentFeeSentence(null, null),
  },
  { rule: 'INSTALMENT_FEE', screen: 'product card instalment', text: instalmentFeeSentence(null, null) },
  {
    rule: 'INSTALMENT_FEE',
    screen: 'calculator instalment schedule',
    text: instalmentFeeSentence(100_00, 6),
  },
  {
    rule: 'INSTALMENT_FEE',
    screen: 'apply form instalment preview',
    text: instalmentFeeSentence(100_00, 6),
  },
  { rule: 'OWED', screen: 'fee page totals', text: owedSentence() },
  { rule: 'OWED', screen: 'fee page totals', text: `${OWED_LABEL}1,100.00` },
  { rule: 'OWED', screen: 'fee page totals', text: FEES_DUE_SOON_LABEL },
  { rule: 'OWED', screen: 'my account', text: `${FEES_OWED_LABEL}1,100.00` },
  { rule: 'OWED', screen: 'loan detail fee line', text: `${OWED_LABEL} 500.00` },
  { rule: 'FEES_PAID', screen: 'fee page totals', text: FEES_PAID_GROSS_LABEL },
  { rule: 'FEES_PAID', screen: 'transaction totals', text: FEES_PAID_NET_LABEL },
];

function screenTexts(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCREENS).map(([name, draw]) => {
      const node = draw();
      return [name, typeof node === 'string' ? node : textOf(node)];
    }),
  );
}

describe('the money wording of the screens', () => {
  it('no screen contradicts a rule, and each rule a screen states is in the domain’s words', () => {
    const texts = screenTexts();
    expect(
      moneyRuleBreaches({ ...texts, ...Object.fromEntries(MONEY_RULES.map((r) => [r.id, r.canonical])) }),
    ).toEqual([]);
    const missing = STATED.filter((s) => !(texts[s.screen] ?? '').includes(s.text)).map(
      (s) => `${s.rule} on ${s.screen}: ${s.text}`,
    );
    expect(missing).toEqual([]);
  });
});
