import {
  NOTICE_CHANNELS,
  NOTICE_KIND_RULES,
  type NoticeCategory,
  type NoticeEvent,
  type NoticePreferences,
  noticeChannels,
  noticeText,
  smsReleaseAt,
  smsText,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { noticeDeliveries, noticePreferences, notices } from '../../db/schema.ts';

export interface Notice {
  userId: number;
  event: NoticeEvent;
  /** the event's key: one notice per key, however many times or servers report the event */
  key: string;
  now: Date;
  /** a reminder's instalment: its SMS and e-mail are cancelled if it no longer owes anything when they go */
  instalmentId?: number;
}

/** Why a channel of the kind is not used. */
export const TURNED_OFF_REASON = '借款人已关闭该渠道';

/** A borrower's choices of channels, by category (no row: the defaults). */
export async function preferencesOf(db: Database, userId: number): Promise<NoticePreferences> {
  const rows = await db.select().from(noticePreferences).where(eq(noticePreferences.userId, userId));
  const chosen: NoticePreferences = {};
  for (const row of rows) chosen[row.category as NoticeCategory] = { sms: row.sms, email: row.email };
  return chosen;
}

/**
 * THE one way a notice is made: the message-centre row (its key unique: one per event) and, in the same
 * transaction, one delivery per channel of the kind (PENDING, the SMS held to the end of the quiet hours unless
 * urgent; SKIPPED when the borrower turned the channel off). Call it inside the transaction of the change it
 * announces. Returns the notice's id, or null when the event already has its notice.
 */
export async function notify(tx: Database, notice: Notice): Promise<number | null> {
  const { userId, event, key, now } = notice;
  const rule = NOTICE_KIND_RULES[event.kind];
  const text = noticeText(event);
  const [made] = await tx
    .insert(notices)
    .values({
      userId,
      kind: event.kind,
      category: rule.category,
      eventKey: key,
      title: text.title,
      body: text.body,
      sms: smsText(text),
      link: text.link,
      facts: event.facts as unknown as Record<string, unknown>,
      instalmentId: notice.instalmentId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: notices.eventKey })
    .returning({ id: notices.id });
  if (!made) return null;
  const chosen = noticeChannels(event.kind, rule.required ? {} : await preferencesOf(tx, userId));
  const rows = NOTICE_CHANNELS.filter((channel) => rule.channels.includes(channel)).map((channel) => {
    const on = chosen.includes(channel);
    return {
      noticeId: made.id,
      userId,
      channel,
      state: on ? ('PENDING' as const) : ('SKIPPED' as const),
      dueAt: on && channel === 'sms' ? smsReleaseAt(now, rule.urgent) : now,
      reason: on ? null : TURNED_OFF_REASON,
      createdAt: now,
      updatedAt: now,
    };
  });
  if (rows.length > 0) await tx.insert(noticeDeliveries).values(rows).onConflictDoNothing();
  return made.id;
}
