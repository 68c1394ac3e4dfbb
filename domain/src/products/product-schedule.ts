import { buildSchedule } from '../schedule/build-schedule.ts';
import type { RepaymentMethod, Schedule, ScheduleInput, ServiceFee } from '../schedule/types.ts';

/** What of a product decides its schedule: the rate, the method and the service fee. */
export interface ProductPricing {
  readonly annualRate: string;
  readonly method: RepaymentMethod;
  readonly serviceFee: ServiceFee | null | undefined;
}

/**
 * The schedule input of borrowing `amountFen` over `months` from `startDate` ("YYYY-MM-DD") under a product: the
 * one mapping the apply preview, the loan contract and the loan made at disbursement share, so they cannot drift.
 */
export function productScheduleInput(
  product: ProductPricing,
  amountFen: number,
  months: number,
  startDate: string,
): ScheduleInput {
  return {
    principalFen: amountFen,
    annualRate: product.annualRate,
    months,
    method: product.method,
    startDate,
    ...(product.serviceFee ? { fee: product.serviceFee } : {}),
  };
}

/** The schedule of productScheduleInput; throws ScheduleInputError for input no schedule can have. */
export function productSchedule(
  product: ProductPricing,
  amountFen: number,
  months: number,
  startDate: string,
): Schedule {
  return buildSchedule(productScheduleInput(product, amountFen, months, startDate));
}
