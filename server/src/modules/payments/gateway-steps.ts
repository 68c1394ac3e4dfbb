import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type PaymentOrderRow, paymentOrders } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { runPartnerCall } from '../partner-calls/run.ts';
import { GATEWAY, notifyUrls, payCreate } from './gateway-calls.ts';

type GatewayContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>;

async function reread(ctx: Pick<AppContext, 'db'>, id: number): Promise<PaymentOrderRow> {
  const [row] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  if (!row) throw new Error(`payment order ${id} vanished`);
  return row;
}

/**
 * Opens the order at the gateway (claim PAY_CREATE, then the call with the claim's key): the cashier address
 * is kept on the order. No answer: 3814, the order stays CREATED (the same key is used again, and an order
 * never paid is closed when it expires).
 */
export async function openAtGateway(
  ctx: GatewayContext,
  order: PaymentOrderRow,
  subject: string,
): Promise<PaymentOrderRow> {
  const outcome = await runPartnerCall(ctx, payCreate, {
    partner: GATEWAY,
    subject: order.outTradeNo,
    payload: {
      orderId: order.id,
      outTradeNo: order.outTradeNo,
      amountFen: order.amountFen,
      subject,
      channel: order.channel,
      notifyUrl: notifyUrls(ctx.config.apiBase).pay,
    },
  });
  if (outcome.status === 'UNANSWERED') throw new ApiError(RSP.PAY_GATEWAY_UNAVAILABLE);
  return reread(ctx, order.id);
}
