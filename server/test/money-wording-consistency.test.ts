import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AccountOverview,
  AGREEMENT_KINDS,
  type AgreementText,
  API,
  type FeeListResult,
  instalmentFeeRateSentence,
  instalmentFeeSentence,
  interestSentence,
  type LoanContractView,
  type LoanRecordDetail,
  MONEY_RULES,
  type MoneyRuleId,
  moneyRuleBreaches,
  owedSentence,
  SETTLEMENT_RULE_TEXT,
  upfrontFeeRateSentence,
  upfrontFeeSentence,
  yuanToFen,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan } from './helpers/loans.ts';

/**
 * Every text the borrower reads about money, gathered from a borrower with two loans (CGB-DPJY 100,000 × 12 with a
 * 0.5 % upfront fee; YNIT-XT01 50,000 × 6 at 0.20 %/月): the domain's sentences, the agreements as served, each
 * loan's contract as signed, and the API answers that carry wording. Two checks walk them:
 * - no text contains a phrase that contradicts a rule (MONEY_RULES: each rule's forbidden phrases);
 * - where a text states a rule, it states it in the domain's sentence (STATED below).
 * And 待缴 is one figure: the fee page, My account and the loan details give the same amount.
 * The web's pages are walked the same way in web/src/test/money-wording.test.tsx.
 */
let t: TestApp;
let b: ReadyBorrower;
const rows = { upfront: 0, instalment: 0 };

const get = async <T>(path: string, query?: Record<string, unknown>) =>
  okResult(await call<T>(t.app, 'GET', path, query, { token: b.token }));

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'wording1');
  rows.upfront = await disburseLoan(t, b, 'CGB-DPJY', '100000', 12);
  rows.instalment = await disburseLoan(t, b, 'YNIT-XT01', '50000', 6);
});
afterAll(async () => t.close());

/** Every text, keyed by where it comes from. */
async function gatherTexts(): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const rule of MONEY_RULES) texts[`domain ${rule.id}`] = rule.canonical;
  for (const kind of AGREEMENT_KINDS) {
    texts[`agreement ${kind}`] = (await get<AgreementText>(API.agreementText, { kind })).body;
  }
  for (const [name, rowId] of Object.entries(rows)) {
    const contract = await get<LoanContractView>(API.loanContract, { rowId });
    texts[`contract ${name}`] = contract.body;
    texts[`contract facts ${name}`] = JSON.stringify({ ...contract, body: undefined });
    texts[`api loan detail ${name}`] = JSON.stringify(await get(API.loanRecordDetail, { rowId }));
  }
  texts['api products'] = JSON.stringify(await get(API.productList));
  texts['api fee list'] = JSON.stringify(await get(API.feeList, { pageSize: 100 }));
  texts['api account'] = JSON.stringify(await get(API.accountOverview));
  const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  texts['api description'] = openapi.body;
  return texts;
}

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The source of the web and the domain, tests and the rules' own list of phrases left out: a screen not rendered
 * by a test still cannot say what a rule forbids. (The server's texts are read as the API serves them, so the
 * agreement versions published before stay as they were.)
 */
function sourceTexts(): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const dir of ['web/src', 'domain/src']) {
    for (const file of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|money-rules[/\\]catalogue\.ts$/.test(file)) continue;
      texts[`${dir}/${file}`] = readFileSync(join(ROOT, dir, file), 'utf8');
    }
  }
  return texts;
}

/** Where a text states a rule, the sentence it must contain: the domain's, with this loan's figures. */
const STATED: readonly { rule: MoneyRuleId; source: string; sentence: () => string }[] = [
  { rule: 'UPFRONT_FEE', source: 'contract upfront', sentence: () => upfrontFeeSentence(500_00) },
  { rule: 'UPFRONT_FEE', source: 'agreement SERVICE', sentence: () => upfrontFeeRateSentence() },
  { rule: 'UPFRONT_FEE', source: 'api loan detail upfront', sentence: () => upfrontFeeSentence(null) },
  { rule: 'INSTALMENT_FEE', source: 'contract instalment', sentence: () => instalmentFeeSentence(100_00, 6) },
  { rule: 'INSTALMENT_FEE', source: 'agreement SERVICE', sentence: () => instalmentFeeRateSentence() },
  {
    rule: 'INSTALMENT_FEE',
    source: 'api loan detail instalment',
    sentence: () => instalmentFeeSentence(null, null),
  },
  { rule: 'OWED', source: 'agreement SERVICE', sentence: () => owedSentence() },
  { rule: 'OWED', source: 'api description', sentence: () => owedSentence() },
  { rule: 'INTEREST', source: 'contract upfront', sentence: () => interestSentence('0.096') },
  { rule: 'EARLY_SETTLEMENT', source: 'agreement SERVICE', sentence: () => SETTLEMENT_RULE_TEXT },
  { rule: 'EARLY_SETTLEMENT', source: 'contract upfront', sentence: () => SETTLEMENT_RULE_TEXT },
  { rule: 'EARLY_SETTLEMENT', source: 'contract instalment', sentence: () => SETTLEMENT_RULE_TEXT },
  { rule: 'INTEREST', source: 'contract instalment', sentence: () => interestSentence('0.168') },
];

/** 待缴 as the fee page, My account and each loan detail give it, in fen. */
async function owedEverywhere() {
  const fees = await get<FeeListResult>(API.feeList, { pageSize: 100 });
  const account = await get<AccountOverview>(API.accountOverview);
  const details = await Promise.all(
    Object.values(rows).map((rowId) => get<LoanRecordDetail>(API.loanRecordDetail, { rowId })),
  );
  const open = fees.items.filter((i) => i.status === 'DUE' || i.status === 'OVERDUE');
  return {
    'fee page 待缴': yuanToFen(fees.totals.owed),
    'fee rows 待缴/逾期': open.reduce((s, i) => s + yuanToFen(i.outstanding), 0),
    'my account 待缴服务费': yuanToFen(account.owed.feesDue),
    'loan details 待缴': details.reduce((s, d) => s + yuanToFen(d.loan?.serviceFee?.outstanding ?? '0'), 0),
  };
}

function expectOneFigure(figures: Record<string, number>, expectedFen: number) {
  expect(figures).toEqual(Object.fromEntries(Object.keys(figures).map((k) => [k, expectedFen])));
}

describe('what the borrower reads about money agrees with itself', () => {
  it('no text contradicts a rule', async () => {
    const texts = await gatherTexts();
    expect(Object.keys(texts).length).toBeGreaterThan(MONEY_RULES.length + 8);
    expect(moneyRuleBreaches(texts)).toEqual([]);
  });

  it('no source of a screen or of the domain contradicts a rule', () => {
    const sources = sourceTexts();
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(moneyRuleBreaches(sources)).toEqual([]);
  });

  it('every text that states a rule states it in the domain’s sentence', async () => {
    const texts = await gatherTexts();
    const missing = STATED.filter((s) => !(texts[s.source] ?? '').includes(s.sentence())).map(
      (s) => `${s.rule} in ${s.source}`,
    );
    expect(missing).toEqual([]);
    // the contracts are those of these loans: the upfront 0.5 % of 100,000.00, 0.20 % of 50,000.00 a month
    expect(texts['contract upfront']).toContain('100,000.00 元');
    expect(texts['contract instalment']).toContain('50,000.00 元');
  });

  it('待缴 is one figure on the fee page, My account and the loan details: everything owed, whatever the due date', async () => {
    // nothing paid yet: the upfront 500.00 and six instalment fees of 100.00
    expectOneFigure(await owedEverywhere(), 500_00 + 6 * 100_00);

    // a month on the first instalments are collected with their fees; the upfront fee, unpaid, is overdue
    const first = (await get<LoanRecordDetail>(API.loanRecordDetail, { rowId: rows.instalment }))
      .instalments[0];
    await advanceAndCollect(t, Date.parse(`${first?.dueDate}T02:00:00Z`) - t.clock.now().getTime() + DAY);
    b.token = await login(t.app, b.loginId, b.password);
    const fees = await get<FeeListResult>(API.feeList, { pageSize: 100 });
    expect(yuanToFen(fees.totals.overdue)).toBe(500_00);
    expectOneFigure(await owedEverywhere(), 500_00 + 5 * 100_00);
  });
});
