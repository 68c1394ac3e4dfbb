import {
  addDaysIso,
  bigintToFen,
  type FeeIncomeBy,
  type FeeIncomeFigures,
  type FeeIncomeReport,
  feeIncomeRange,
  fenToYuan,
  periodOf,
  periodsOf,
  RSP,
  shanghaiDate,
  shanghaiInstant,
} from '@loan/domain';
import { and, eq, gt, gte, inArray, lt, lte, sum } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { feeItems, ledgerDailyTotals, paymentOrderItems, paymentOrders } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/** The ledger lines that take a fee in (their fee part negative) and the one that gives it back (positive). */
const FEE_IN_TYPES = ['FEE_PAYMENT', 'REPAYMENT', 'EARLY_SETTLEMENT'] as const;

interface Bucket {
  receivedFen: number;
  discountFen: number;
  refundedFen: number;
}

/** A sum of bigint fen as PostgreSQL answers it (numeric text), as exact integer fen. */
const fenOf = (text: string | null | undefined) => bigintToFen(BigInt(text ?? 0));

function figures(b: Bucket): FeeIncomeFigures {
  return {
    charged: fenToYuan(b.receivedFen + b.discountFen),
    discount: fenToYuan(b.discountFen),
    received: fenToYuan(b.receivedFen),
    refunded: fenToYuan(b.refundedFen),
    net: fenToYuan(b.receivedFen - b.refundedFen),
  };
}

/**
 * 服务费收入 over a range of Shanghai days, by day or by month, every period listed (zeros too):
 * - received: the fee parts of the ledger's lines that took money in (fee payments, repayments from the cashier or
 *   from store payouts, early settlements), from the ledger's per-day totals (ledger_daily_totals: whole Shanghai
 *   days, so exact sums of the lines);
 * - discount: what coupons paid of the fee items covered by a paid order, on the day the order was paid (the same
 *   day as its ledger line);
 * - refunded: the fee parts of REFUND lines (money given back that paid nothing is not a fee refund);
 * - charged = received + discount, net = received − refunded.
 */
export async function feeIncomeReport(
  ctx: Pick<AppContext, 'db' | 'now'>,
  query: { from?: string | undefined; to?: string | undefined; by?: FeeIncomeBy | undefined },
): Promise<FeeIncomeReport> {
  const { range, problem } = feeIncomeRange(query, shanghaiDate(ctx.now()));
  if (!range) throw new ApiError(RSP.INVALID_INPUT, problem);
  const buckets = new Map<string, Bucket>(
    periodsOf(range).map((period) => [period, { receivedFen: 0, discountFen: 0, refundedFen: 0 }]),
  );
  const bucketOf = (day: string) => buckets.get(periodOf(day, range.by));

  const days = await ctx.db
    .select({ day: ledgerDailyTotals.day, type: ledgerDailyTotals.type, fee: sum(ledgerDailyTotals.feeFen) })
    .from(ledgerDailyTotals)
    .where(
      and(
        gte(ledgerDailyTotals.day, range.from),
        lte(ledgerDailyTotals.day, range.to),
        inArray(ledgerDailyTotals.type, [...FEE_IN_TYPES, 'REFUND']),
      ),
    )
    .groupBy(ledgerDailyTotals.day, ledgerDailyTotals.type);
  for (const row of days) {
    const bucket = bucketOf(row.day);
    if (!bucket) continue;
    if (row.type === 'REFUND') bucket.refundedFen += fenOf(row.fee);
    else bucket.receivedFen -= fenOf(row.fee);
  }

  const discounts = await ctx.db
    .select({ paidAt: paymentOrders.paidAt, discountFen: paymentOrderItems.discountFen })
    .from(paymentOrderItems)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderItems.orderId))
    // the coupon went on the item (apply-paid's coverFee): the item carries the order's coupon
    .innerJoin(
      feeItems,
      and(eq(feeItems.id, paymentOrderItems.feeItemId), eq(feeItems.couponId, paymentOrders.couponId)),
    )
    .where(
      and(
        eq(paymentOrders.status, 'PAID'),
        gte(paymentOrders.paidAt, shanghaiInstant(range.from)),
        lt(paymentOrders.paidAt, shanghaiInstant(addDaysIso(range.to, 1))),
        gt(paymentOrderItems.discountFen, 0),
      ),
    );
  for (const row of discounts) {
    const bucket = row.paidAt && bucketOf(shanghaiDate(row.paidAt));
    if (bucket) bucket.discountFen += row.discountFen;
  }

  const total: Bucket = { receivedFen: 0, discountFen: 0, refundedFen: 0 };
  for (const b of buckets.values()) {
    total.receivedFen += b.receivedFen;
    total.discountFen += b.discountFen;
    total.refundedFen += b.refundedFen;
  }
  return {
    ...range,
    rows: [...buckets].map(([period, b]) => ({ period, ...figures(b) })),
    totals: figures(total),
  };
}
