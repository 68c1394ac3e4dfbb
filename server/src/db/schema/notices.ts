import type { NoticeCategory, NoticeChannel, NoticeKind, NoticeLink } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { belongsTo, jsonRecord, logId, serialId, tz } from './columns.ts';

/** Notices: the message centre (站内信), each notice's SMS and e-mail deliveries, and the borrowers' choices. */

/** One notice of one event to one borrower: the message centre's row. Its key makes an event one notice. */
export const notices = pgTable(
  'notices',
  {
    id: serialId(),
    userId: ownerId(),
    kind: text('kind').$type<NoticeKind>().notNull(),
    category: text('category').$type<NoticeCategory>().notNull(),
    /** the event's key (`reminder:<instalment>:<stage>`, `application:<id>:APPROVED` …): one notice per event */
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** the SMS text as sent (signed) */
    sms: text('sms').notNull(),
    link: jsonb('link').$type<NoticeLink>().notNull(),
    /** the facts the texts were filled from */
    facts: jsonRecord('facts').notNull(),
    /** the instalment a reminder is about: its deliveries are cancelled when it no longer owes anything */
    instalmentId: integer('instalment_id'),
    createdAt: tz('created_at').notNull(),
    readAt: tz('read_at'),
  },
  (t) => [
    uniqueIndex('notices_event_key').on(t.eventKey),
    index('notices_user_idx').on(t.userId, t.id),
    index('notices_user_category_idx').on(t.userId, t.category, t.id),
    index('notices_user_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

export type NoticeDeliveryState = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'CANCELLED' | 'SKIPPED';

/** A notice's SMS or e-mail: one per notice and channel, its state, tries and when it may go next. */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: logId(),
    noticeId: belongsTo('notice_id', () => notices.id),
    userId: ownerId(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    state: text('state').$type<NoticeDeliveryState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** when it may go (the end of the quiet hours, a retry's backoff) */
    dueAt: tz('due_at').notNull(),
    /** a SENDING row's claim: past it, the sender is taken for dead and the row is taken again */
    claimedUntil: tz('claimed_until'),
    sentAt: tz('sent_at'),
    /** why it failed, was cancelled or skipped (Chinese) */
    reason: text('reason'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('notice_deliveries_notice_channel_key').on(t.noticeId, t.channel),
    index('notice_deliveries_due_idx').on(t.dueAt).where(sql`state in ('PENDING', 'SENDING')`),
    index('notice_deliveries_user_idx').on(t.userId, t.id),
  ],
);

/** A borrower's choice of channels for an optional category; no row: the kinds' defaults. */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: ownerId(),
    category: text('category').$type<NoticeCategory>().notNull(),
    sms: boolean('sms').notNull(),
    email: boolean('email').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [primaryKey({ name: 'notice_preferences_pkey', columns: [t.userId, t.category] })],
);
