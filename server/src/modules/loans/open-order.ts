import { fenToYuan, type LoanOpenOrder, type LoanSettlement, PAYMENT_PURPOSE_LABELS } from '@loan/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentOrders, settlementRequests } from '../../db/schema.ts';

/** The loan's payment waiting at the cashier (at most one holds its instalments), newest first; null if none. */
export async function loanOpenOrder(db: Database, loanId: number, now: Date): Promise<LoanOpenOrder | null> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.loanId, loanId),
        eq(paymentOrders.status, 'CREATED'),
        gt(paymentOrders.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  if (!order) return null;
  return {
    outTradeNo: order.outTradeNo,
    purpose: order.purpose,
    purposeLabel: PAYMENT_PURPOSE_LABELS[order.purpose],
    amount: fenToYuan(order.amountFen),
    cashierUrl: order.cashierUrl,
    expiresAt: order.expiresAt.toISOString(),
  };
}

/** The paid early settlement that ended the loan, if one did. */
export async function loanSettlement(db: Database, loanId: number): Promise<LoanSettlement | null> {
  const [row] = await db
    .select({
      outTradeNo: paymentOrders.outTradeNo,
      totalFen: settlementRequests.totalFen,
      asOfDate: settlementRequests.asOfDate,
      completedAt: settlementRequests.completedAt,
    })
    .from(settlementRequests)
    .innerJoin(paymentOrders, eq(paymentOrders.id, settlementRequests.orderId))
    .where(and(eq(settlementRequests.loanId, loanId), eq(settlementRequests.status, 'SETTLED')))
    .limit(1);
  if (!row?.completedAt) return null;
  return {
    outTradeNo: row.outTradeNo,
    total: fenToYuan(row.totalFen),
    asOfDate: row.asOfDate,
    settledAt: row.completedAt.toISOString(),
  };
}
