import type { BankCode } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { logId, timestamps, tz } from './columns.ts';

/** Calls that change something at a partner, claimed first (one decision, one call), and the sandbox banks' answers by key. */

/**
 * A call that changes something at a partner (bank submit, cancel, contract signed, settle …): claimed here
 * first, so only one request calls; the partner gets idempotency_key; the answer closes the claim
 * (modules/partner-calls). One active claim per (partner, operation, subject); a REFUSED one frees the place.
 */
export const partnerCalls = pgTable(
  'partner_calls',
  {
    id: logId(),
    partner: text('partner').notNull(),
    operation: text('operation').notNull(),
    /** what the call is about, e.g. application:42, settlement:7 */
    subject: text('subject').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** OPEN | SUCCEEDED | REFUSED */
    state: text('state').notNull(),
    /** what the partner is asked, and what the answer is applied with */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull(),
    /** until when the last caller is presumed to be waiting for the partner */
    leaseUntil: tz('lease_until').notNull(),
    lastError: text('last_error'),
    ...timestamps(),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    uniqueIndex('partner_calls_key').on(t.partner, t.idempotencyKey),
    uniqueIndex('partner_calls_active_key')
      .on(t.partner, t.operation, t.subject)
      .where(sql`state <> 'REFUSED'`),
    index('partner_calls_open_idx').on(t.leaseUntil).where(sql`state = 'OPEN'`),
  ],
);

/** Every move of a partner call, with its attempt (the claim's event log). */
export const partnerCallEvents = pgTable(
  'partner_call_events',
  {
    id: logId(),
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => partnerCalls.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: tz('at').notNull(),
  },
  (t) => [index('partner_call_events_call_idx').on(t.callId, t.id)],
);

/** What a sandbox bank answered to each idempotency key: the same key gets the same answer, no second effect. */
export const sandboxBankRequests = pgTable(
  'sandbox_bank_requests',
  {
    bank: text('bank').$type<BankCode>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bank, t.idempotencyKey] })],
);
