import { type RefundDetail, RSP } from '@loan/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, refundApplications } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { insertRefund } from '../src/modules/refunds/apply.ts';
import { failRefund, retryRefund } from '../src/modules/refunds/failed.ts';
import { applyRefundNotify } from '../src/modules/refunds/notify.ts';
import { applyRefundEvent } from '../src/modules/refunds/refund-event.ts';
import { reviewRefund } from '../src/modules/refunds/review.ts';
import { call, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { paidUpfrontFee } from './helpers/refunds.ts';
import { createTwoApps, type SecondApp } from './helpers/two-apps.ts';

/**
 * Applications for the whole payment sent from two server instances while its first refund is confirmed: in
 * every interleaving, what the refunds under way or made add up to never passes what was paid.
 */
let t: TestApp;
let second: SecondApp;
let b: ReadyBorrower;
let template: typeof paymentOrders.$inferSelect;

const ROUNDS = 50;

beforeAll(async () => {
  ({ t, second } = await createTwoApps());
  b = await makeReadyBorrower(t, 'racer9');
  const paid = await paidUpfrontFee(t, b);
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, paid.orderId));
  if (!row) throw new Error('no paid order');
  template = row;
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** A fresh paid fee order of 100.00 of the borrower, refunded nothing yet. */
async function paidOrder(round: number) {
  const { id: _id, ...rest } = template;
  const [order] = await t.db
    .insert(paymentOrders)
    .values({ ...rest, outTradeNo: `RACE${round}-${template.outTradeNo}`, amountFen: 10_000, couponId: null })
    .returning();
  if (!order) throw new Error('order not inserted');
  return order;
}

const apply = (app: App, outTradeNo: string, amount: string) =>
  call<RefundDetail>(
    app,
    'POST',
    '/refund/apply',
    { outTradeNo, amount, reason: '重复缴费' },
    { token: b.token },
  );

/** The refunds of an order under way or made (their money out or about to go). */
const countedRefunds = (orderId: number) =>
  t.db
    .select({ amountFen: refundApplications.amountFen, status: refundApplications.status })
    .from(refundApplications)
    .where(
      and(
        eq(refundApplications.paymentOrderId, orderId),
        notInArray(refundApplications.status, ['REJECTED', 'CANCELLED', 'FAILED']),
      ),
    );

/** Lets `count` turns of the event loop pass (no clock involved). */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The refund confirmed by the gateway, on the second instance's database handle. */
async function confirm(refundNo: string, amountFen: number): Promise<void> {
  const now = t.clock.now();
  const done = await second.db.transaction((tx) =>
    applyRefundNotify(tx, { outRefundNo: refundNo, amountFen, gatewayRefundNo: null, refundedAt: now }, now),
  );
  expect(done.outcome).toBe('APPLIED');
}

describe('applications racing the confirmation of the first refund', () => {
  it(`never let the refunds of an order pass what it paid (${ROUNDS} rounds)`, async () => {
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = await paidOrder(round);
      const first = okResult(await apply(t.app, order.outTradeNo, '40.00')).refund;
      const [row] = await t.db
        .select()
        .from(refundApplications)
        .where(eq(refundApplications.refundNo, first.refundNo));
      if (!row) throw new Error('no refund');
      await reviewRefund(t.db, {
        refundNo: row.refundNo,
        decision: 'APPROVE',
        actor: 'SYSTEM',
        actorRef: null,
        now: t.clock.now(),
      });
      const [approved] = await t.db
        .select()
        .from(refundApplications)
        .where(eq(refundApplications.id, row.id));
      if (!approved) throw new Error('no refund');
      await t.db.transaction((tx) =>
        applyRefundEvent(tx, approved, 'START_REFUND', 'SYSTEM', { now: t.clock.now(), actorRef: null }),
      );
      let confirmed = false;
      const loop = async (app: App) => {
        const codes: string[] = [];
        // until the first refund is 已退款, and once more after it
        for (let sent = 0; sent < 30; sent++) {
          const seenDone = confirmed;
          codes.push((await apply(app, order.outTradeNo, '100.00')).response.rspCode);
          if (seenDone) break;
        }
        return codes;
      };
      const [codesA, , codesB] = await Promise.all([
        loop(t.app),
        // the confirmation starts a little later each round: the rounds cover the interleavings
        turns(round * 3)
          .then(() => confirm(first.refundNo, 4_000))
          .then(() => {
            confirmed = true;
          }),
        loop(second.app),
      ]);
      for (const code of [...codesA, ...codesB]) {
        expect([RSP.REFUND_OPEN_EXISTS, RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE]).toContain(code);
      }
      const counted = await countedRefunds(order.id);
      const total = counted.reduce((s, r) => s + r.amountFen, 0);
      accepted += counted.length;
      expect(total, `round ${round}`).toBeLessThanOrEqual(10_000);
      const [after] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
      expect(after?.refundedFen).toBe(4_000);
    }
    expect(accepted).toBe(ROUNDS);
  }, 600_000);
});

describe('applications racing the resend of a failed refund', () => {
  it(`never let the refunds of an order pass what it paid (${ROUNDS / 2} rounds)`, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const order = await paidOrder(ROUNDS + round);
      const first = okResult(await apply(t.app, order.outTradeNo, '70.00')).refund;
      await reviewRefund(t.db, {
        refundNo: first.refundNo,
        decision: 'APPROVE',
        actor: 'SYSTEM',
        actorRef: null,
        now: t.clock.now(),
      });
      const [approved] = await t.db
        .select()
        .from(refundApplications)
        .where(eq(refundApplications.refundNo, first.refundNo));
      if (!approved) throw new Error('no refund');
      await t.db.transaction(async (tx) => {
        await applyRefundEvent(tx, approved, 'START_REFUND', 'SYSTEM', {
          now: t.clock.now(),
          actorRef: null,
        });
        await failRefund(tx, first.refundNo, '渠道维护中', 'GATEWAY', t.clock.now());
      });
      const resend = turns(round * 3).then(() =>
        second.db
          .transaction((tx) =>
            retryRefund(tx, first.refundNo, 'SYSTEM', { now: t.clock.now(), actorRef: null }),
          )
          .then(
            () => RSP.OK,
            (error: { rspCode?: string }) => error.rspCode ?? 'error',
          ),
      );
      const answers = await Promise.all([
        apply(t.app, order.outTradeNo, '60.00'),
        apply(second.app, order.outTradeNo, '50.00'),
        resend,
      ]);
      const codes = answers.map((a) => (typeof a === 'string' ? a : a.response.rspCode));
      for (const code of codes) {
        expect([RSP.OK, RSP.REFUND_OPEN_EXISTS, RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE]).toContain(code);
      }
      const counted = await countedRefunds(order.id);
      expect(counted).toHaveLength(1);
      expect(
        counted.reduce((s, r) => s + r.amountFen, 0),
        `round ${round}`,
      ).toBeLessThanOrEqual(10_000);
    }
  }, 600_000);
});

describe('filing on a copy of the order read before the transaction', () => {
  it('bounds the amount by the order as it is in the transaction, not by the copy', async () => {
    const stale = await paidOrder(10 * ROUNDS);
    // a refund of 60.00 confirmed since the copy was read
    await t.db.update(paymentOrders).set({ refundedFen: 6_000 }).where(eq(paymentOrders.id, stale.id));
    const file = (amountFen: number) =>
      t.db.transaction((tx) =>
        insertRefund(tx, {
          order: stale,
          amountFen,
          reason: '重复缴费',
          source: 'BORROWER',
          evidenceDocumentId: null,
          now: t.clock.now(),
          actorRef: b.loginId,
          ip: null,
        }),
      );
    await expect(file(4_001)).rejects.toMatchObject({ rspCode: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE });
    expect((await file(4_000)).status).toBe('SUBMITTED');
  });
});
