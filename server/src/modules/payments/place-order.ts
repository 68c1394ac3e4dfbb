import {
  type CouponLike,
  couponDiscountOn,
  outTradeNoOf,
  PAYMENT_ORDER_TTL_MS,
  type PaymentChannel,
  type PaymentPurpose,
  RSP,
} from '@loan/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { coupons, loans, type PaymentOrderRow, paymentOrderItems, paymentOrders } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyPaidOrder } from './apply-paid.ts';
import { closeOrderRow, recordOrderEvent } from './order-events.ts';
import { confirmingError, releaseAtGateway } from './release-order.ts';

/** One thing an order will pay, as owed now. */
export interface DraftItem {
  subjectKey: string;
  feeItemId: number | null;
  instalmentId: number | null;
  loanId: number;
  seq: number;
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  feeFen: number;
  /** what a coupon may pay of this item (fee items only): its bank and product */
  couponTarget: { bank: string; productCode: string } | null;
}

export interface OrderDraft {
  userId: number;
  purpose: PaymentPurpose;
  loanId: number | null;
  channel: PaymentChannel;
  couponId: number | null;
  subject: string;
  items: DraftItem[];
  /** when the order lapses, if sooner than PAYMENT_ORDER_TTL_MS (a quote that holds only until then) */
  expiresAt?: Date;
  /** written with the order, before anything pays it (what else points at the order) */
  afterInsert?: (tx: Database, order: PaymentOrderRow) => Promise<void>;
}

export interface PlacedOrder {
  order: PaymentOrderRow;
  /** a new order (not an identical open one given back) */
  fresh: boolean;
  /** open orders of the same items this one replaced (closed at the gateway before they were closed here) */
  replaced: PaymentOrderRow[];
}

const owedOf = (i: DraftItem) => i.principalFen + i.interestFen + i.penaltyFen + i.feeFen;

/** Locks the loans (in id order: collections and settlement lock the same rows) and returns them. */
export async function lockLoans(tx: Database, loanIds: readonly number[]) {
  const ids = [...new Set(loanIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return tx.select().from(loans).where(inArray(loans.id, ids)).orderBy(asc(loans.id)).for('update');
}

/** Locks an order after its loan (the order's writers all lock in that order); the order as it is now. */
export async function lockOrder(
  tx: Database,
  order: Pick<PaymentOrderRow, 'id' | 'loanId'>,
): Promise<PaymentOrderRow | undefined> {
  if (order.loanId) await lockLoans(tx, [order.loanId]);
  const [locked] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)).for('update');
  return locked;
}

/** A unique-index violation (a concurrent order took the items) or a deadlock: worth one more round. */
function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' || e.code === '40P01') return true;
  }
  return false;
}

/** Open orders of the draft's items that the gateway has not closed yet: they must make way first. */
class MustRelease extends Error {
  constructor(readonly holders: PaymentOrderRow[]) {
    super('open orders hold the items');
  }
}

/**
 * Places an order for what `build` finds owed (inside the transaction, with the loans locked). An open order
 * of exactly the same items, coupon, channel and amount is given back as it is; other open orders holding any
 * of the items are closed at the gateway FIRST (outside any transaction: releaseAtGateway), then here (REPLACED,
 * their coupons given back). One the gateway reports paid is applied instead and nothing new is opened; one
 * it does not answer for stays open: either way 3815. The coupon is locked by compare-and-set
 * (AVAILABLE → LOCKED), so one coupon never holds two open orders. A fully discounted order is paid at once.
 * Two requests at once: the items' partial unique index lets one order in; the other tries again and finds it.
 */
export async function placeOrder(
  ctx: Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>,
  build: (tx: Database) => Promise<OrderDraft>,
): Promise<PlacedOrder> {
  const released = new Set<number>();
  for (let round = 0; ; round += 1) {
    try {
      return await ctx.db.transaction((tx) => placeIn(tx, ctx.now(), build, released));
    } catch (error) {
      if (round < 5 && error instanceof MustRelease) {
        for (const holder of error.holders) {
          const release = await releaseAtGateway(ctx, holder, 'REPLACED');
          if (release !== 'CLOSED') throw confirmingError(release, holder);
          released.add(holder.id);
        }
        continue;
      }
      if (round < 3 && isRetryable(error)) continue;
      if (error instanceof MustRelease) throw confirmingError('UNSURE', error.holders[0] as PaymentOrderRow);
      throw error;
    }
  }
}

async function placeIn(
  tx: Database,
  now: Date,
  build: (tx: Database) => Promise<OrderDraft>,
  released: ReadonlySet<number>,
): Promise<PlacedOrder> {
  const draft = await build(tx);
  const keys = draft.items.map((i) => i.subjectKey).sort();
  const grossFen = draft.items.reduce((s, i) => s + owedOf(i), 0);
  const attemptKey = `${draft.purpose}|${keys.join(',')}|${draft.couponId ?? '-'}|${draft.channel}|${grossFen}`;
  const holders = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'CREATED'),
        sql`${paymentOrders.id} in (select ${paymentOrderItems.orderId} from ${paymentOrderItems}
          where ${paymentOrderItems.open} and ${inArray(paymentOrderItems.subjectKey, keys)})`,
      ),
    )
    .orderBy(asc(paymentOrders.id))
    .for('update');
  const same = holders.find(
    (h) => h.attemptKey === attemptKey && h.userId === draft.userId && h.expiresAt.getTime() > now.getTime(),
  );
  if (same && holders.length === 1) return { order: same, fresh: false, replaced: [] };
  const unreleased = holders.filter((h) => !released.has(h.id));
  if (unreleased.length > 0) throw new MustRelease(unreleased);
  const replaced: PaymentOrderRow[] = [];
  for (const holder of holders) replaced.push(await closeOrderRow(tx, holder, 'REPLACED', 'BORROWER', now));

  const discount = await couponDiscount(tx, draft, now);
  const [seq] = await tx
    .execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('payment_orders', 'id'))::int as id`)
    .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
  const id = Number(seq?.id);
  const [order] = await tx
    .insert(paymentOrders)
    .values({
      id,
      outTradeNo: outTradeNoOf(now, id),
      userId: draft.userId,
      purpose: draft.purpose,
      loanId: draft.loanId,
      channel: draft.channel,
      amountFen: grossFen - discount.fen,
      discountFen: discount.fen,
      couponId: discount.fen > 0 ? draft.couponId : null,
      status: 'CREATED',
      attemptKey,
      expiresAt: draft.expiresAt ?? new Date(now.getTime() + PAYMENT_ORDER_TTL_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('payment order not inserted');
  await tx.insert(paymentOrderItems).values(
    draft.items.map((i) => ({
      orderId: order.id,
      subjectKey: i.subjectKey,
      feeItemId: i.feeItemId,
      instalmentId: i.instalmentId,
      loanId: i.loanId,
      seq: i.seq,
      principalFen: i.principalFen,
      interestFen: i.interestFen,
      penaltyFen: i.penaltyFen,
      feeFen: i.feeFen,
      discountFen: i.subjectKey === discount.subjectKey ? discount.fen : 0,
      open: true,
    })),
  );
  await draft.afterInsert?.(tx, order);
  if (discount.fen > 0 && draft.couponId !== null) {
    const [locked] = await tx
      .update(coupons)
      .set({ state: 'LOCKED', lockedOrderId: order.id, updatedAt: now })
      .where(
        and(eq(coupons.id, draft.couponId), eq(coupons.userId, draft.userId), eq(coupons.state, 'AVAILABLE')),
      )
      .returning({ id: coupons.id });
    if (!locked) throw new ApiError(RSP.PAY_COUPON_NOT_APPLICABLE, '优惠券已被其他订单使用或锁定');
  }
  await recordOrderEvent(tx, order, null, 'CREATE', { now, actor: 'BORROWER' });
  if (order.amountFen === 0) {
    const paid = await applyPaidOrder(tx, order, { now, paidAt: now, gatewayTradeNo: null, actor: 'SYSTEM' });
    return { order: paid, fresh: true, replaced };
  }
  return { order, fresh: true, replaced };
}

/** The coupon's discount on the draft: on the item it takes most off (one coupon per order, per fee item). */
async function couponDiscount(
  tx: Database,
  draft: OrderDraft,
  now: Date,
): Promise<{ fen: number; subjectKey: string | null }> {
  if (draft.couponId === null) return { fen: 0, subjectKey: null };
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, draft.couponId), eq(coupons.userId, draft.userId)));
  if (!coupon) throw new ApiError(RSP.PAY_COUPON_NOT_APPLICABLE);
  let best = { fen: 0, subjectKey: null as string | null };
  for (const item of draft.items) {
    if (!item.couponTarget) continue;
    const fen = couponDiscountOn(
      coupon as unknown as CouponLike,
      { feeFen: item.feeFen, ...item.couponTarget },
      now,
    );
    if (fen > best.fen) best = { fen, subjectKey: item.subjectKey };
  }
  if (best.fen <= 0) throw new ApiError(RSP.PAY_COUPON_NOT_APPLICABLE);
  return best;
}
