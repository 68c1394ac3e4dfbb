import { formatIsoDate } from '../calendar-date.ts';
import { annualisedRate } from '../irr.ts';
import { bigintToFen, roundHalfUp } from '../money.ts';
import { scheduleCashFlows } from './cash-flows.ts';
import { dailyInterest } from './daily-interest.ts';
import { checkScheduleInput } from './input.ts';
import { PRINCIPAL_RULES } from './principal-rules.ts';
import type { Instalment, Schedule, ScheduleInput, ScheduleTotals } from './types.ts';

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

function sum(instalments: readonly Instalment[], pick: (i: Instalment) => number): bigint {
  return instalments.reduce((total, i) => total + BigInt(pick(i)), 0n);
}

/**
 * The repayment schedule of a loan, exact to the fen: monthly periods, interest rounded half-up each period,
 * the last instalment repaying all principal left so the principal parts add up to the principal.
 * Throws ScheduleInputError (Chinese message) for bad input.
 */
export function buildSchedule(input: ScheduleInput): Schedule {
  const terms = checkScheduleInput(input);
  const { monthlyRate, annualRate, months } = terms;
  const principalPart = PRINCIPAL_RULES[terms.method](terms);
  const instalments: Instalment[] = [];
  let opening = terms.principalFen;
  for (const [index, { dueDate, days }] of terms.periods.entries()) {
    const period = index + 1;
    const regularInterestFen = roundHalfUp(opening * monthlyRate.num, monthlyRate.den);
    const interest =
      period === 1 && terms.brokenFirstPeriod ? dailyInterest(opening, annualRate, days) : regularInterestFen;
    const principal =
      period === months
        ? opening
        : clamp(principalPart({ period, openingFen: opening, regularInterestFen }), 0n, opening);
    const fee = terms.instalmentFeeFen;
    instalments.push({
      period,
      dueDate: formatIsoDate(dueDate),
      days,
      openingPrincipalFen: bigintToFen(opening),
      principalFen: bigintToFen(principal),
      interestFen: bigintToFen(interest),
      feeFen: bigintToFen(fee),
      paymentFen: bigintToFen(principal + interest + fee),
      closingPrincipalFen: bigintToFen(opening - principal),
    });
    opening -= principal;
  }
  const upfront = terms.upfrontFeeFen;
  const totals: ScheduleTotals = {
    principalFen: bigintToFen(sum(instalments, (i) => i.principalFen)),
    interestFen: bigintToFen(sum(instalments, (i) => i.interestFen)),
    feeFen: bigintToFen(upfront + sum(instalments, (i) => i.feeFen)),
    paymentFen: bigintToFen(upfront + sum(instalments, (i) => i.paymentFen)),
  };
  const upfrontFeeFen = bigintToFen(upfront);
  const shape = { instalments, upfrontFeeFen, brokenFirstPeriod: terms.brokenFirstPeriod };
  return { ...shape, totals, annualisedRate: annualisedRate(scheduleCashFlows(input.principalFen, shape)) };
}
