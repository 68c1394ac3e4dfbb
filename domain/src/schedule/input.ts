import { addMonthsClamped, type CalendarDate, compareDates, parseIsoDate } from '../calendar-date.ts';
import { roundHalfUp } from '../money.ts';
import { type Rate, RateError, scaleRate, toRate } from '../rate.ts';
import { isBrokenFirstPeriod, type PeriodDates, periodDates } from './due-dates.ts';
import { FEE_KINDS, REPAYMENT_METHODS, type RepaymentMethod, type ScheduleInput } from './types.ts';

export class ScheduleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleInputError';
  }
}

export const MAX_SCHEDULE_MONTHS = 600;

/** A checked schedule input in the engine's exact terms. */
export interface ScheduleTerms {
  readonly principalFen: bigint;
  readonly months: number;
  readonly method: RepaymentMethod;
  readonly annualRate: Rate;
  readonly monthlyRate: Rate;
  readonly periods: readonly PeriodDates[];
  readonly brokenFirstPeriod: boolean;
  readonly upfrontFeeFen: bigint;
  readonly instalmentFeeFen: bigint;
}

function rateOf(value: string | Rate, what: string): Rate {
  try {
    return toRate(value);
  } catch (error) {
    if (error instanceof RateError) throw new ScheduleInputError(`${what}：${error.message}`);
    throw error;
  }
}

function dateOf(text: string, what: string): CalendarDate {
  const date = parseIsoDate(text);
  if (!date) throw new ScheduleInputError(`${what}不是有效日期，应为 YYYY-MM-DD`);
  return date;
}

function firstDueOf(start: CalendarDate, text: string | undefined): CalendarDate | undefined {
  if (text === undefined) return undefined;
  const firstDue = dateOf(text, '首期还款日');
  if (compareDates(firstDue, start) <= 0) throw new ScheduleInputError('首期还款日必须晚于起息日');
  if (compareDates(firstDue, addMonthsClamped(start, 2)) > 0) {
    throw new ScheduleInputError('首期还款日不能晚于起息日后两个月');
  }
  return firstDue;
}

export function checkScheduleInput(input: ScheduleInput): ScheduleTerms {
  const { principalFen, months, method } = input;
  if (!Number.isSafeInteger(principalFen) || principalFen <= 0) {
    throw new ScheduleInputError('借款本金必须为正的整数分');
  }
  if (!Number.isInteger(months) || months < 1 || months > MAX_SCHEDULE_MONTHS) {
    throw new ScheduleInputError(`期数必须为 1 到 ${MAX_SCHEDULE_MONTHS} 的整数`);
  }
  if (!REPAYMENT_METHODS.includes(method)) throw new ScheduleInputError('不支持的还款方式');
  const annualRate = rateOf(input.annualRate, '年利率');
  const start = dateOf(input.startDate, '起息日');
  const firstDue = firstDueOf(start, input.firstDueDate);
  if (input.fee && !FEE_KINDS.includes(input.fee.kind)) {
    throw new ScheduleInputError('不支持的服务费收取方式');
  }
  const principal = BigInt(principalFen);
  const feeRate = input.fee ? rateOf(input.fee.rate, '服务费率') : { num: 0n, den: 1n };
  const feeFen = roundHalfUp(principal * feeRate.num, feeRate.den);
  const upfrontFeeFen = input.fee?.kind === 'UPFRONT' ? feeFen : 0n;
  if (upfrontFeeFen >= principal) throw new ScheduleInputError('一次性服务费必须小于借款本金');
  return {
    principalFen: principal,
    months,
    method,
    annualRate,
    monthlyRate: scaleRate(annualRate, 1n, 12n),
    periods: periodDates(start, months, firstDue),
    brokenFirstPeriod: isBrokenFirstPeriod(start, firstDue),
    upfrontFeeFen,
    instalmentFeeFen: input.fee?.kind === 'PER_INSTALMENT' ? feeFen : 0n,
  };
}
