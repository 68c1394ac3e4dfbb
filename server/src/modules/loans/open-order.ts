import { fenToYuan, type LoanOpenOrder, PAYMENT_PURPOSE_LABELS } from '@loan/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentOrders } from '../../db/schema.ts';

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
