import type { NoticeChannel, NoticeKind } from '@loan/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type NoticeDeliveryState, noticeDeliveries, notices } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';

export type NoticeRow = typeof notices.$inferSelect & {
  /** the state of each channel's delivery */
  deliveries: Partial<Record<NoticeChannel, NoticeDeliveryState>>;
};

/** A borrower's notices (of one kind, when given), oldest first, each with its deliveries' states. */
export async function noticesOf(t: TestApp, userId: number, kind?: NoticeKind): Promise<NoticeRow[]> {
  const rows = await t.db
    .select()
    .from(notices)
    .where(kind ? and(eq(notices.userId, userId), eq(notices.kind, kind)) : eq(notices.userId, userId))
    .orderBy(asc(notices.id));
  if (rows.length === 0) return [];
  const deliveries = await t.db
    .select()
    .from(noticeDeliveries)
    .where(
      inArray(
        noticeDeliveries.noticeId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    deliveries: Object.fromEntries(
      deliveries.filter((d) => d.noticeId === row.id).map((d) => [d.channel, d.state]),
    ),
  }));
}

/** The one notice of a kind a borrower has (fails when there is none or more than one). */
export async function onlyNotice(t: TestApp, userId: number, kind: NoticeKind): Promise<NoticeRow> {
  const rows = await noticesOf(t, userId, kind);
  if (rows.length !== 1)
    throw new Error(`expected one ${kind} notice of user ${userId}, found ${rows.length}`);
  return rows[0] as NoticeRow;
}
