import { describe, expect, it } from 'vitest';
import { buildSchedule } from './build-schedule.ts';
import { type Instalment, REPAYMENT_METHODS, type Schedule, type ScheduleInput } from './types.ts';

/** Amounts from 1 fen to 50 million yuan, rates from 0 to 36 % a year, with and without fees. */
const AMOUNTS = [1, 199, 100_000, 1_234_567, 100_000_000, 5_000_000_000] as const;
const RATES = ['0', '0.0435', '0.049', '0.24', '0.36'] as const;
const FEES: (ScheduleInput['fee'] | undefined)[] = [
  undefined,
  { kind: 'PER_INSTALMENT', rate: '0.006' },
  { kind: 'UPFRONT', rate: '0.02' },
];

/** The broken invariants of one schedule, as text (plain checks: expect() per part would be far too slow). */
function problems(input: ScheduleInput, s: Schedule): string[] {
  const found: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) found.push(`${JSON.stringify(input)}: ${what}`);
  };
  const list = s.instalments;
  const total = (pick: (i: Instalment) => number) => list.reduce((t, i) => t + pick(i), 0);
  check(list.length === input.months, 'one instalment per month');
  check(total((i) => i.principalFen) === input.principalFen, 'principal parts sum to the principal');
  check(s.totals.principalFen === input.principalFen, 'total principal');
  check(s.totals.interestFen === total((i) => i.interestFen), 'total interest is the sum');
  check(s.totals.feeFen === s.upfrontFeeFen + total((i) => i.feeFen), 'total fee is the sum');
  check(s.totals.paymentFen === s.upfrontFeeFen + total((i) => i.paymentFen), 'total payment is the sum');
  check(list.at(-1)?.closingPrincipalFen === 0, 'last closes at 0');
  check(Number.isFinite(s.annualisedRate), 'annualised rate is a number');
  let opening = input.principalFen;
  for (const i of list) {
    const parts = [i.principalFen, i.interestFen, i.feeFen, i.paymentFen, i.closingPrincipalFen];
    check(
      parts.every((part) => Number.isSafeInteger(part) && part >= 0),
      `period ${i.period} parts are whole fen ≥ 0`,
    );
    check(i.openingPrincipalFen === opening, `period ${i.period} opens at the last closing`);
    check(i.paymentFen === i.principalFen + i.interestFen + i.feeFen, `period ${i.period} payment`);
    check(i.closingPrincipalFen === i.openingPrincipalFen - i.principalFen, `period ${i.period} closing`);
    opening = i.closingPrincipalFen;
  }
  return found;
}

describe('schedule invariants over every method and 1 to 360 periods', () => {
  for (const method of REPAYMENT_METHODS) {
    it(`${method}: parts sum exactly to the principal, none negative, last closes at 0, totals are sums`, () => {
      const found: string[] = [];
      for (let months = 1; months <= 360; months++) {
        // Every period count meets every amount and, in turn, each rate and fee.
        for (const [a, principalFen] of AMOUNTS.entries()) {
          const annualRate = RATES[(months + a) % RATES.length] ?? '0';
          const fee = FEES[(months + 2 * a) % FEES.length];
          const input: ScheduleInput = {
            principalFen,
            annualRate,
            months,
            method,
            startDate: '2024-01-31',
            fee,
          };
          found.push(...problems(input, buildSchedule(input)));
        }
      }
      expect(found).toEqual([]);
    }, 60_000);
  }

  it('holds for every amount × rate × fee at 1, 12, 36, 120 and 360 periods, with and without a broken period', () => {
    const found: string[] = [];
    for (const method of REPAYMENT_METHODS) {
      for (const months of [1, 12, 36, 120, 360]) {
        for (const principalFen of AMOUNTS) {
          for (const annualRate of RATES) {
            for (const fee of FEES) {
              for (const firstDueDate of [undefined, '2024-02-20', '2024-03-05']) {
                const input: ScheduleInput = {
                  principalFen,
                  annualRate,
                  months,
                  method,
                  startDate: '2024-01-10',
                  firstDueDate,
                  fee,
                };
                found.push(...problems(input, buildSchedule(input)));
              }
            }
          }
        }
      }
    }
    expect(found).toEqual([]);
  }, 60_000);
});

describe('the invariant checker itself', () => {
  it('flags a schedule whose parts do not add up', () => {
    const input: ScheduleInput = {
      principalFen: 100_000,
      annualRate: '0.12',
      months: 3,
      method: 'EQUAL_PRINCIPAL',
      startDate: '2024-01-31',
    };
    const good = buildSchedule(input);
    expect(problems(input, good)).toEqual([]);
    const [first, ...rest] = good.instalments;
    if (!first) throw new Error('no instalments');
    const tampered = { ...good, instalments: [{ ...first, principalFen: first.principalFen + 1 }, ...rest] };
    expect(problems(input, tampered).length).toBeGreaterThan(0);
  });
});
