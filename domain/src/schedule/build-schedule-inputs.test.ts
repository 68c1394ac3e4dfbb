import { describe, expect, it } from 'vitest';
import { annualisedRate, formatPercent } from '../irr.ts';
import { fenToYuan } from '../money.ts';
import { buildSchedule } from './build-schedule.ts';
import { scheduleCashFlows } from './cash-flows.ts';
import { ScheduleInputError } from './input.ts';
import type { Schedule, ScheduleInput } from './types.ts';

const base = { startDate: '2024-01-31' } as const;

const yuan = (s: Schedule, pick: (i: Schedule['instalments'][number]) => number) =>
  s.instalments.map((i) => fenToYuan(pick(i)));

describe('broken first period (daily interest on a 360-day year)', () => {
  it('equal instalment: 41 days pay 12,000 × 24 % × 41 / 360 = 328.00 with the regular principal part', () => {
    const s = buildSchedule({
      principalFen: 1_200_000,
      annualRate: '0.24',
      months: 4,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-01-15',
      firstDueDate: '2024-02-25',
    });
    expect(s.brokenFirstPeriod).toBe(true);
    expect(s.instalments.map((i) => `${i.dueDate}/${i.days}`)).toEqual([
      '2024-02-25/41',
      '2024-03-25/29',
      '2024-04-25/31',
      '2024-05-25/30',
    ]);
    expect(yuan(s, (i) => i.interestFen)).toEqual(['328.00', '181.77', '122.38', '61.79']);
    expect(yuan(s, (i) => i.principalFen)).toEqual(['2911.49', '2969.72', '3029.11', '3089.68']);
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['3239.49', '3151.49', '3151.49', '3151.47']);
  });

  it('a short first period: 21 days cost 12,000 × 24 % × 21 / 360 = 168.00', () => {
    const s = buildSchedule({
      principalFen: 1_200_000,
      annualRate: '0.24',
      months: 2,
      method: 'INTEREST_FIRST',
      startDate: '2024-01-15',
      firstDueDate: '2024-02-05',
    });
    expect(yuan(s, (i) => i.interestFen)).toEqual(['168.00', '240.00']);
    // Discounted over 21/30 of a month, the rate stays close to the nominal 24 %.
    expect(s.annualisedRate).toBeGreaterThan(0.235);
    expect(s.annualisedRate).toBeLessThan(0.245);
  });

  it('equal principal: 20 days on 1,000 at 12 % is 6.666… → 6.67', () => {
    const s = buildSchedule({
      principalFen: 100_000,
      annualRate: '0.12',
      months: 3,
      method: 'EQUAL_PRINCIPAL',
      startDate: '2024-03-01',
      firstDueDate: '2024-03-21',
    });
    expect(yuan(s, (i) => i.interestFen)).toEqual(['6.67', '6.67', '3.33']);
  });

  it('a first due date one month after the start is a regular period', () => {
    const s = buildSchedule({
      principalFen: 1_200_000,
      annualRate: '0.24',
      months: 4,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-01-31',
      firstDueDate: '2024-02-29',
    });
    expect(s.brokenFirstPeriod).toBe(false);
    expect(s.instalments[0]?.interestFen).toBe(24_000);
  });
});

describe('service fees and the annualised rate', () => {
  it('等本等费: 10,000 over 12 months, 0.6 % a month on the original principal → 13.03 %', () => {
    const s = buildSchedule({
      ...base,
      principalFen: 1_000_000,
      annualRate: '0',
      months: 12,
      method: 'EQUAL_PRINCIPAL',
      fee: { kind: 'PER_INSTALMENT', rate: '0.006' },
    });
    expect(yuan(s, (i) => i.paymentFen)).toEqual([...Array<string>(11).fill('893.33'), '893.37']);
    expect(s.totals).toEqual({
      principalFen: 1_000_000,
      interestFen: 0,
      feeFen: 72_000,
      paymentFen: 1_072_000,
    });
    expect(formatPercent(s.annualisedRate)).toBe('13.03%');
  });

  it('an upfront fee is charged once, reduces what the borrower receives and raises the rate', () => {
    const input: ScheduleInput = {
      ...base,
      principalFen: 1_000_000,
      annualRate: '0.12',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      fee: { kind: 'UPFRONT', rate: '0.02' },
    };
    const s = buildSchedule(input);
    const plain = buildSchedule({ ...input, fee: undefined });
    expect(s.upfrontFeeFen).toBe(20_000);
    expect(s.instalments.every((i) => i.feeFen === 0)).toBe(true);
    expect(s.instalments).toEqual(plain.instalments);
    expect(s.totals.feeFen).toBe(20_000);
    expect(s.totals.paymentFen).toBe(plain.totals.paymentFen + 20_000);
    const flows = scheduleCashFlows(input.principalFen, s);
    expect(flows[0]).toEqual({ months: 0, amountFen: 980_000 });
    expect(s.annualisedRate).toBe(annualisedRate(flows));
    expect(formatPercent(plain.annualisedRate)).toBe('12.00%');
    expect(s.annualisedRate).toBeGreaterThan(0.15);
  });

  it('accepts exact rationals for rates', () => {
    const s = buildSchedule({
      ...base,
      principalFen: 1_200_000,
      annualRate: { num: 24n, den: 100n },
      months: 4,
      method: 'EQUAL_INSTALMENT',
      fee: { kind: 'PER_INSTALMENT', rate: { num: 1n, den: 300n } },
    });
    expect(yuan(s, (i) => i.feeFen)).toEqual(['40.00', '40.00', '40.00', '40.00']);
  });
});

describe('bad input', () => {
  const ok: ScheduleInput = {
    ...base,
    principalFen: 100_000,
    annualRate: '0.12',
    months: 12,
    method: 'EQUAL_INSTALMENT',
  };
  it.each<[string, Partial<Record<keyof ScheduleInput, unknown>>]>([
    ['zero principal', { principalFen: 0 }],
    ['negative principal', { principalFen: -1 }],
    ['fractional principal', { principalFen: 1.5 }],
    ['unsafe principal', { principalFen: 2 ** 53 }],
    ['zero months', { months: 0 }],
    ['too many months', { months: 601 }],
    ['fractional months', { months: 1.5 }],
    ['unknown method', { method: 'BALLOON' }],
    ['negative rate', { annualRate: '-0.1' }],
    ['percent rate', { annualRate: '12%' }],
    ['bad start date', { startDate: '2024-02-30' }],
    ['first due on the start', { firstDueDate: '2024-01-31' }],
    ['first due too late', { firstDueDate: '2024-04-01' }],
    ['bad first due date', { firstDueDate: '2024/03/01' }],
    ['unknown fee kind', { fee: { kind: 'MONTHLY', rate: '0.01' } }],
    ['bad fee rate', { fee: { kind: 'UPFRONT', rate: 'abc' } }],
    ['upfront fee of the whole principal', { fee: { kind: 'UPFRONT', rate: '1' } }],
  ])('refuses %s with a Chinese message', (_, change) => {
    const input = { ...ok, ...change } as ScheduleInput;
    expect(() => buildSchedule(input)).toThrow(ScheduleInputError);
    expect(() => buildSchedule(input)).toThrow(/[\u4e00-\u9fff]/);
  });
});
