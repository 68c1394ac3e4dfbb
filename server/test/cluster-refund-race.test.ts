import { RSP } from '@loan/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, refundApplications } from '../src/db/schema.ts';
import { applyRefundEvent } from '../src/modules/refunds/refund-event.ts';
import { reviewRefund } from '../src/modules/refunds/review.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { api, type Node, refundNotify, signIn, startNodes } from './helpers/cluster.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { paidUpfrontFee } from './helpers/refunds.ts';
import { cleanUpProcessesAfterEach, PROCESS_TEST_MS } from './helpers/server-process.ts';

/**
 * The refund race as it happens in production: two server processes on one PostgreSQL database, the borrower's
 * applications for the whole payment sent to both while the gateway's notify confirms the first refund through
 * either of them. In every round the refunds under way or made stay within what was paid. (PostgreSQL only:
 * the embedded database belongs to one process.)
 */
const ROUNDS = 50;
let t: TestApp;
let nodes: Node[] = [];
let b: ReadyBorrower;
let token = '';
let template: typeof paymentOrders.$inferSelect;

const onPostgres = workerDatabaseUrl() !== null;
cleanUpProcessesAfterEach();

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'cluster7');
  const paid = await paidUpfrontFee(t, b);
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, paid.orderId));
  if (!row) throw new Error('no paid order');
  template = row;
  nodes = await startNodes(2);
  token = await signIn(nodes[0]!, b.loginId, b.password);
}, PROCESS_TEST_MS);
afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await t?.close();
});

/** A fresh paid fee order of 100.00, paid just now, refunded nothing yet. */
async function paidOrder(round: number) {
  const { id: _id, ...rest } = template;
  const [order] = await t.db
    .insert(paymentOrders)
    .values({
      ...rest,
      // an order number of the gateway's shape (PAY + 20 digits), unique by its last six
      outTradeNo: `${template.outTradeNo.slice(0, -6)}${900_000 + round}`,
      amountFen: 10_000,
      couponId: null,
      paidAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  return order;
}

const apply = (node: Node, outTradeNo: string, amount: string) =>
  api<{ refund: { refundNo: string } }>(
    node,
    'POST',
    '/refund/apply',
    { outTradeNo, amount, reason: '重复缴费' },
    token,
  );

/** Approved and handed to the gateway (as the reviewer and the refunds job do), at the servers' time. */
async function startRefund(refundNo: string): Promise<void> {
  await reviewRefund(t.db, {
    refundNo,
    decision: 'APPROVE',
    actor: 'SYSTEM',
    actorRef: null,
    now: new Date(),
  });
  const [approved] = await t.db
    .select()
    .from(refundApplications)
    .where(eq(refundApplications.refundNo, refundNo));
  if (!approved) throw new Error('no refund');
  // a server's refunds job may have sent it in between: then it is REFUNDING already, as wanted
  if (approved.status === 'APPROVED') {
    await t.db
      .transaction((tx) =>
        applyRefundEvent(tx, approved, 'START_REFUND', 'SYSTEM', { now: new Date(), actorRef: null }),
      )
      .catch(() => {});
  }
  const [started] = await t.db
    .select()
    .from(refundApplications)
    .where(eq(refundApplications.refundNo, refundNo));
  expect(started?.status).toBe('REFUNDING');
}

describe.runIf(onPostgres)('refund applications on two server processes', () => {
  it(
    `never let the refunds of an order pass what it paid (${ROUNDS} rounds)`,
    async () => {
      const [one, two] = nodes as [Node, Node];
      for (let round = 0; round < ROUNDS; round++) {
        const order = await paidOrder(round);
        const first = await apply(one, order.outTradeNo, '40.00');
        expect(first.response.rspCode).toBe(RSP.OK);
        await startRefund(first.result.refund.refundNo);
        let confirmed = false;
        // the notify goes to either server, after a number of applications that grows with the round
        const notifyAfter = round % 7;
        let sentByOne = 0;
        let notified: Promise<unknown> = Promise.resolve();
        const notify = () => {
          notified = refundNotify(round % 2 === 0 ? one : two, t.config.paymentNotifySecret, {
            outTradeNo: order.outTradeNo,
            outRefundNo: first.result.refund.refundNo,
            amount: '40.00',
          }).then((answer) => {
            expect(answer.response, JSON.stringify(answer.response)).toMatchObject({ rspCode: RSP.OK });
            confirmed = true;
          });
        };
        if (notifyAfter === 0) notify();
        const loop = async (node: Node) => {
          const codes: string[] = [];
          // until the first refund is 已退款, and once more after it
          for (let sent = 0; sent < 40; sent++) {
            const seenDone = confirmed;
            codes.push((await apply(node, order.outTradeNo, '100.00')).response.rspCode);
            if (node === one && ++sentByOne === notifyAfter) notify();
            if (seenDone) break;
          }
          return codes;
        };
        const [codesOne, codesTwo] = await Promise.all([loop(one), loop(two)]);
        await notified;
        for (const code of [...codesOne, ...codesTwo]) {
          expect([RSP.REFUND_OPEN_EXISTS, RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE]).toContain(code);
        }
        const counted = await t.db
          .select({ amountFen: refundApplications.amountFen })
          .from(refundApplications)
          .where(
            and(
              eq(refundApplications.paymentOrderId, order.id),
              notInArray(refundApplications.status, ['REJECTED', 'CANCELLED', 'FAILED']),
            ),
          );
        expect(
          counted.reduce((s, r) => s + r.amountFen, 0),
          `round ${round}`,
        ).toBeLessThanOrEqual(10_000);
        expect(counted).toHaveLength(1);
        const [after] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
        expect(after?.refundedFen).toBe(4_000);
      }
    },
    PROCESS_TEST_MS * 2,
  );
});
