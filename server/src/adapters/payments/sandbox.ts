import { addDaysIso, shanghaiInstant } from '@loan/domain';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  sandboxGatewayNotifies,
  sandboxGatewayOrders,
  sandboxGatewayRefunds,
  sandboxGatewayRequests,
} from '../../db/schema.ts';
import type {
  GatewayOrder,
  GatewayOrderRequest,
  GatewayRefundAnswer,
  GatewayRefundRequest,
  GatewayStatement,
  PaymentGateway,
  SandboxCashier,
} from './gateway.ts';

/** The web page of the sandbox cashier (沙箱收银台). */
const SANDBOX_CASHIER_PATH = '/cashier';

/**
 * The sandbox payment gateway (docs/SANDBOX.md "支付网关沙箱"): keeps its orders and refunds in its own tables;
 * the borrower pays or fails at the cashier page; a paid order and every refund is told to the portal by a
 * signed notify, queued in sandbox_gateway_notifies and delivered by the job (sandbox-delivery.ts), retried
 * with backoff until answered. Answers to the same idempotency key are replayed, never made twice. Its statement
 * of a day lists the orders paid and the refunds made that day (Shanghai), from its own tables.
 */
export function createSandboxGateway(db: Database): PaymentGateway & SandboxCashier {
  async function replay<T>(operation: string, key: string, make: () => Promise<T>, now: Date): Promise<T> {
    const [seen] = await db
      .select()
      .from(sandboxGatewayRequests)
      .where(
        and(eq(sandboxGatewayRequests.operation, operation), eq(sandboxGatewayRequests.idempotencyKey, key)),
      );
    if (seen) return seen.answer as T;
    const answer = await make();
    await db
      .insert(sandboxGatewayRequests)
      .values({ operation, idempotencyKey: key, answer: answer as Record<string, unknown>, createdAt: now })
      .onConflictDoNothing();
    return answer;
  }

  return {
    sandbox: true,

    async createOrder(request: GatewayOrderRequest, now: Date): Promise<GatewayOrder> {
      return replay(
        'CREATE',
        request.idempotencyKey,
        async () => {
          const gatewayTradeNo = `SBX${request.outTradeNo.slice(3)}`;
          await db
            .insert(sandboxGatewayOrders)
            .values({
              outTradeNo: request.outTradeNo,
              gatewayTradeNo,
              amountFen: request.amountFen,
              status: 'WAIT',
              notifyUrl: request.notifyUrl,
              createdAt: now,
            })
            .onConflictDoNothing();
          return {
            gatewayTradeNo,
            cashierUrl: `${SANDBOX_CASHIER_PATH}?outTradeNo=${encodeURIComponent(request.outTradeNo)}`,
          };
        },
        now,
      );
    },

    async queryOrder(outTradeNo: string) {
      const [row] = await db
        .select()
        .from(sandboxGatewayOrders)
        .where(eq(sandboxGatewayOrders.outTradeNo, outTradeNo));
      if (!row) return { status: 'NOT_FOUND', amountFen: 0, gatewayTradeNo: null, paidAt: null };
      return {
        status: row.status as 'WAIT' | 'PAID' | 'CLOSED',
        amountFen: row.amountFen,
        gatewayTradeNo: row.gatewayTradeNo,
        paidAt: row.paidAt,
      };
    },

    async closeOrder(outTradeNo: string, idempotencyKey: string, now: Date) {
      return replay(
        'CLOSE',
        idempotencyKey,
        async () => {
          const [row] = await db
            .select()
            .from(sandboxGatewayOrders)
            .where(eq(sandboxGatewayOrders.outTradeNo, outTradeNo));
          if (row?.status === 'PAID') return { ok: false, reason: '订单已支付，无法关闭' };
          if (row?.status === 'WAIT') {
            await db
              .update(sandboxGatewayOrders)
              .set({ status: 'CLOSED', closedAt: now })
              .where(
                and(eq(sandboxGatewayOrders.outTradeNo, outTradeNo), eq(sandboxGatewayOrders.status, 'WAIT')),
              );
          }
          return { ok: true, reason: null };
        },
        now,
      );
    },

    async refund(request: GatewayRefundRequest, now: Date): Promise<GatewayRefundAnswer> {
      return replay(
        'REFUND',
        request.idempotencyKey,
        async (): Promise<GatewayRefundAnswer> =>
          db.transaction(async (tx) => {
            const [order] = await tx
              .select()
              .from(sandboxGatewayOrders)
              .where(eq(sandboxGatewayOrders.outTradeNo, request.outTradeNo))
              .for('update');
            if (order?.status !== 'PAID') return { accepted: false, reason: '原订单未支付，无法退款' };
            const [sum] = await tx
              .select({ fen: sql<string>`coalesce(sum(${sandboxGatewayRefunds.amountFen}), 0)` })
              .from(sandboxGatewayRefunds)
              .where(eq(sandboxGatewayRefunds.outTradeNo, request.outTradeNo));
            if (Number(sum?.fen ?? 0) + request.amountFen > order.amountFen) {
              return { accepted: false, reason: '退款总额超过原订单支付金额' };
            }
            const gatewayRefundNo = `SBR${request.outRefundNo.slice(2)}`;
            await tx.insert(sandboxGatewayRefunds).values({
              outRefundNo: request.outRefundNo,
              outTradeNo: request.outTradeNo,
              gatewayRefundNo,
              amountFen: request.amountFen,
              status: 'PROCESSING',
              notifyUrl: request.notifyUrl,
              createdAt: now,
            });
            await tx.insert(sandboxGatewayNotifies).values({
              kind: 'REFUND',
              payload: { outRefundNo: request.outRefundNo },
              dueAt: new Date(now.getTime() + 1000),
              createdAt: now,
            });
            return { accepted: true, gatewayRefundNo, status: 'PROCESSING' };
          }),
        now,
      );
    },

    async queryRefund(outRefundNo: string) {
      const [row] = await db
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.outRefundNo, outRefundNo));
      if (!row) return { status: 'NOT_FOUND', amountFen: 0, gatewayRefundNo: null, refundedAt: null };
      return {
        status: row.status as 'PROCESSING' | 'SUCCESS',
        amountFen: row.amountFen,
        gatewayRefundNo: row.gatewayRefundNo,
        refundedAt: row.refundedAt,
      };
    },

    async statement(date: string): Promise<GatewayStatement> {
      const since = shanghaiInstant(date);
      const before = shanghaiInstant(addDaysIso(date, 1));
      const orders = await db
        .select()
        .from(sandboxGatewayOrders)
        .where(
          and(
            eq(sandboxGatewayOrders.status, 'PAID'),
            gte(sandboxGatewayOrders.paidAt, since),
            lt(sandboxGatewayOrders.paidAt, before),
          ),
        )
        .orderBy(asc(sandboxGatewayOrders.paidAt), asc(sandboxGatewayOrders.outTradeNo));
      const refunds = await db
        .select()
        .from(sandboxGatewayRefunds)
        .where(
          and(
            eq(sandboxGatewayRefunds.status, 'SUCCESS'),
            gte(sandboxGatewayRefunds.refundedAt, since),
            lt(sandboxGatewayRefunds.refundedAt, before),
          ),
        )
        .orderBy(asc(sandboxGatewayRefunds.refundedAt), asc(sandboxGatewayRefunds.outRefundNo));
      return {
        orders: orders.map((o) => ({
          outTradeNo: o.outTradeNo,
          gatewayTradeNo: o.gatewayTradeNo,
          amountFen: o.amountFen,
          paidAt: o.paidAt ?? since,
        })),
        refunds: refunds.map((r) => ({
          outRefundNo: r.outRefundNo,
          outTradeNo: r.outTradeNo,
          gatewayRefundNo: r.gatewayRefundNo,
          amountFen: r.amountFen,
          refundedAt: r.refundedAt ?? since,
        })),
      };
    },

    async cashier(outTradeNo: string, action: 'PAY' | 'FAIL', now: Date) {
      const [row] = await db
        .select()
        .from(sandboxGatewayOrders)
        .where(eq(sandboxGatewayOrders.outTradeNo, outTradeNo));
      if (!row) return { ok: false, reason: '收银台未找到该订单' };
      if (row.status === 'CLOSED') return { ok: false, reason: '订单已关闭，请重新发起支付' };
      if (action === 'FAIL') return { ok: row.status === 'WAIT', reason: '支付失败（沙箱模拟），可重新支付' };
      if (row.status === 'PAID') return { ok: true, reason: null };
      await db.transaction(async (tx) => {
        const [paid] = await tx
          .update(sandboxGatewayOrders)
          .set({ status: 'PAID', paidAt: now })
          .where(
            and(eq(sandboxGatewayOrders.outTradeNo, outTradeNo), eq(sandboxGatewayOrders.status, 'WAIT')),
          )
          .returning();
        if (!paid) return;
        await tx.insert(sandboxGatewayNotifies).values({
          kind: 'PAY',
          payload: { outTradeNo },
          dueAt: now,
          createdAt: now,
        });
      });
      return { ok: true, reason: null };
    },
  };
}
