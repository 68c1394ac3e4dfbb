import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { NOTICE_VALID_MS } from '../../adapters/outbox/outbox.ts';
import type { AppContext } from '../../context.ts';
import { noticeDeliveries, notices, users } from '../../db/schema.ts';
import { contactsOf } from '../contacts/contacts.ts';

/**
 * The delivery of notices' SMS and e-mails through the outbox adapter: due rows are claimed (PENDING → SENDING
 * with a claim time, FOR UPDATE SKIP LOCKED), sent under the delivery's idempotency key, and marked SENT; a
 * failure is retried with backoff (RETRY_BASE_MS doubled per try) up to MAX_ATTEMPTS, then FAILED. A reminder
 * whose instalment no longer owes anything is CANCELLED instead of sent; a borrower without the phone or
 * e-mail is SKIPPED. A row left SENDING by a server that died is taken again after its claim.
 */
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_MS = 30_000;
export const CLAIM_MS = 120_000;
const BATCH = 50;

export type DeliveryContext = Pick<
  AppContext,
  'db' | 'now' | 'outbox' | 'config' | 'log' | 'onNoticeDelivery'
>;

/** What each instalment still owes now, by id (the loans module answers: no import of it here). */
export type OwedOf = (instalmentIds: number[]) => Promise<Map<number, number>>;

export interface DeliveryOutcome {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  skipped: number;
}

/** The backoff before try `attempts + 1`. */
export const retryDelayMs = (attempts: number) => RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

const dueNow = (now: Date) =>
  or(
    and(eq(noticeDeliveries.state, 'PENDING'), lte(noticeDeliveries.dueAt, now)),
    and(eq(noticeDeliveries.state, 'SENDING'), lt(noticeDeliveries.claimedUntil, now)),
  );

/** Whether a delivery is due (the job is offered only then). */
export async function deliveriesDue(ctx: Pick<AppContext, 'db' | 'now'>): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: noticeDeliveries.id })
    .from(noticeDeliveries)
    .where(dueNow(ctx.now()))
    .limit(1);
  return row !== undefined;
}

async function claim(ctx: DeliveryContext, now: Date) {
  const due = ctx.db
    .select({ id: noticeDeliveries.id })
    .from(noticeDeliveries)
    .where(dueNow(now))
    .orderBy(asc(noticeDeliveries.dueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(noticeDeliveries)
    .set({
      state: 'SENDING',
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${noticeDeliveries.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(noticeDeliveries.id, due))
    .returning();
}

/** Ends a claimed row (only while still SENDING: a row taken again elsewhere is left to that server). */
async function finish(
  ctx: DeliveryContext,
  id: number,
  set: Partial<typeof noticeDeliveries.$inferInsert>,
): Promise<void> {
  await ctx.db
    .update(noticeDeliveries)
    .set({ ...set, claimedUntil: null, updatedAt: ctx.now() })
    .where(and(eq(noticeDeliveries.id, id), eq(noticeDeliveries.state, 'SENDING')));
}

/** Sends the due deliveries, batch after batch while the budget lasts. */
export async function deliverDueNotices(
  ctx: DeliveryContext,
  owedOf: OwedOf,
  budget: AbortSignal,
): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, retried: 0, failed: 0, cancelled: 0, skipped: 0 };
  while (!budget.aborted) {
    const claimed = await claim(ctx, ctx.now());
    if (claimed.length === 0) break;
    const noticeRows = await ctx.db
      .select()
      .from(notices)
      .where(inArray(notices.id, [...new Set(claimed.map((d) => d.noticeId))]));
    const noticeOf = new Map(noticeRows.map((n) => [n.id, n]));
    const userRows = await ctx.db
      .select({ id: users.id, phoneEnc: users.phoneEnc, emailEnc: users.emailEnc })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((d) => d.userId))]));
    const userOf = new Map(userRows.map((u) => [u.id, u]));
    const instalmentIds = noticeRows.flatMap((n) => (n.instalmentId === null ? [] : [n.instalmentId]));
    const owed = instalmentIds.length > 0 ? await owedOf(instalmentIds) : new Map<number, number>();

    for (const delivery of claimed) {
      const notice = noticeOf.get(delivery.noticeId);
      const user = userOf.get(delivery.userId);
      if (!notice || !user) continue;
      if (notice.instalmentId !== null && (owed.get(notice.instalmentId) ?? 0) <= 0) {
        await finish(ctx, delivery.id, { state: 'CANCELLED', reason: '该期已还清，提醒不再发送' });
        outcome.cancelled += 1;
        continue;
      }
      const contacts = contactsOf(ctx, user);
      const recipient = delivery.channel === 'sms' ? contacts.phone : contacts.email || null;
      if (!recipient) {
        const reason = delivery.channel === 'sms' ? '未绑定手机号' : '未绑定邮箱';
        await finish(ctx, delivery.id, { state: 'SKIPPED', reason });
        outcome.skipped += 1;
        continue;
      }
      try {
        await ctx.outbox.send({
          channel: delivery.channel,
          recipient,
          subject: notice.title,
          body: delivery.channel === 'sms' ? notice.sms : `${notice.body}\n\n请登录平台“消息中心”查看详情。`,
          validForMs: NOTICE_VALID_MS,
          idempotencyKey: `notice-delivery:${delivery.id}`,
        });
        await finish(ctx, delivery.id, { state: 'SENT', sentAt: ctx.now(), reason: null });
        outcome.sent += 1;
        ctx.onNoticeDelivery?.(delivery.channel, 'sent');
      } catch (error) {
        const last = delivery.attempts >= MAX_ATTEMPTS;
        const reason = `发送失败：${error instanceof Error ? error.message.slice(0, 200) : '未知原因'}`;
        ctx.log.warn(
          { noticeDelivery: delivery.id, channel: delivery.channel, attempt: delivery.attempts, err: error },
          '通知发送失败 / notice delivery failed',
        );
        await finish(
          ctx,
          delivery.id,
          last
            ? { state: 'FAILED', reason }
            : {
                state: 'PENDING',
                reason,
                dueAt: new Date(ctx.now().getTime() + retryDelayMs(delivery.attempts)),
              },
        );
        if (last) {
          outcome.failed += 1;
          ctx.onNoticeDelivery?.(delivery.channel, 'failed');
        } else outcome.retried += 1;
      }
    }
  }
  return outcome;
}
