import { describe, expect, it } from 'vitest';
import { decidePromise, promiseProblem, promiseWindowEnd } from './promise-to-pay.ts';

describe('a promise to pay, decided by the engine', () => {
  it.each([
    // promised date, amount, repaid in the window, today, decision
    ['2026-04-10', 100_000, 100_000, '2026-04-09', null],
    ['2026-04-10', 100_000, 0, '2026-04-10', null],
    ['2026-04-10', 100_000, 100_000, '2026-04-11', 'KEPT'],
    ['2026-04-10', 100_000, 100_001, '2026-04-11', 'KEPT'],
    ['2026-04-10', 100_000, 99_999, '2026-04-11', 'BROKEN'],
    ['2026-04-10', 100_000, 0, '2026-05-20', 'BROKEN'],
    ['2026-12-31', 1, 1, '2027-01-01', 'KEPT'],
    ['2026-12-31', 1, -50, '2027-01-01', 'BROKEN'],
  ] as const)(
    'promised %s for %i fen, %i repaid, on %s: %s',
    (promisedDate, amountFen, repaid, today, decision) => {
      expect(decidePromise({ promisedDate, amountFen }, repaid, today)).toBe(decision);
    },
  );

  it('counts repayments until the end of the promised Shanghai day', () => {
    expect(promiseWindowEnd('2026-04-10').toISOString()).toBe('2026-04-10T16:00:00.000Z');
    expect(promiseWindowEnd('2026-12-31').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});

describe('what a promise may say', () => {
  it.each([
    // promised date, amount, today, overdue, field refused (null: accepted)
    ['2026-04-10', 5_000, '2026-04-10', 10_000, null],
    ['2026-05-10', 10_000, '2026-04-10', 10_000, null],
    ['2026-05-11', 10_000, '2026-04-10', 10_000, 'promisedDate'],
    ['2026-04-09', 10_000, '2026-04-10', 10_000, 'promisedDate'],
    ['2026-02-30', 10_000, '2026-02-01', 10_000, 'promisedDate'],
    ['2026-04-10', 0, '2026-04-10', 10_000, 'amount'],
    ['2026-04-10', 10_001, '2026-04-10', 10_000, 'amount'],
    ['2026-04-10', 1.5, '2026-04-10', 10_000, 'amount'],
  ] as const)('%s, %i fen on %s owing %i: %s', (promisedDate, amountFen, today, overdue, field) => {
    expect(promiseProblem({ promisedDate, amountFen }, today, overdue)?.field ?? null).toBe(field);
  });

  it('says the range in Chinese', () => {
    expect(promiseProblem({ promisedDate: '2026-06-01', amountFen: 1 }, '2026-04-10', 9)?.text).toBe(
      '承诺还款日期须在今天（2026-04-10）到 2026-05-10 之间',
    );
    expect(promiseProblem({ promisedDate: '2026-04-10', amountFen: 10 }, '2026-04-10', 9)?.text).toBe(
      '承诺金额须大于 0 元，且不超过当前逾期金额 0.09 元',
    );
  });
});
