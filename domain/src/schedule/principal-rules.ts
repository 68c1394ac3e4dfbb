import { annuityPaymentFen, equalPrincipalPartFen } from './annuity.ts';
import type { ScheduleTerms } from './input.ts';
import type { RepaymentMethod } from './types.ts';

/** What a rule knows of a period before the principal part is chosen. */
export interface PeriodState {
  readonly period: number;
  readonly openingFen: bigint;
  /** Opening principal × monthly rate, rounded: the interest of a regular month (also in a broken period). */
  readonly regularInterestFen: bigint;
}

/** The principal part of a period other than the last; the engine clamps it to [0, opening]. */
export type PrincipalRule = (state: PeriodState) => bigint;

/**
 * One rule per repayment method. Equal instalment: payment − regular interest (a broken first period keeps
 * the regular principal part and pays its own day-based interest). Equal principal: a fixed part.
 * Interest first: nothing until the last period. The last period always repays all that is left.
 */
export const PRINCIPAL_RULES: Readonly<Record<RepaymentMethod, (terms: ScheduleTerms) => PrincipalRule>> = {
  EQUAL_INSTALMENT: ({ principalFen, monthlyRate, months }) => {
    const payment = annuityPaymentFen(principalFen, monthlyRate, months);
    return ({ regularInterestFen }) => payment - regularInterestFen;
  },
  EQUAL_PRINCIPAL: ({ principalFen, months }) => {
    const part = equalPrincipalPartFen(principalFen, months);
    return () => part;
  },
  INTEREST_FIRST: () => () => 0n,
};
