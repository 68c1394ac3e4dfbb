import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, jsonRecord, logId, serialId, tz } from './columns.ts';

/** Accounts and sign-in: users, sessions, throttles, codes, the outbox and the audit log. */

export const users = pgTable(
  'users',
  {
    id: serialId(),
    /** stored lowercased */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    userNameCn: text('user_name_cn').notNull(),
    /** the phone, AES-256-GCM sealed with PII_KEY bound to `users:<id>:phone` (contacts/contacts.ts); null: none */
    phoneEnc: text('phone_enc'),
    /** HMAC of the phone with PII_LOOKUP_KEY (lib/lookup-hash.ts): SMS login and uniqueness look it up */
    phoneHash: text('phone_hash'),
    /** the e-mail, sealed as the phone is (`users:<id>:email`); null: none */
    emailEnc: text('email_enc'),
    /** HMAC of the lowercased e-mail */
    emailHash: text('email_hash'),
    assetsCodes: jsonb('assets_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** null: the password was never changed (must change before anything else) */
    uptPwdTime: tz('upt_pwd_time'),
    /** null: no restriction; [] or a list: the only pages this user may open (docs/PRODUCT.md §2.3) */
    onlyPages: jsonb('only_pages').$type<string[] | null>(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_id_key').on(t.loginId),
    uniqueIndex('users_phone_hash_key').on(t.phoneHash),
    index('users_email_hash_idx').on(t.emailHash),
  ],
);

/** The user a row belongs to, deleted with them. */
export const ownerId = () => belongsTo('user_id', () => users.id);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the token; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    /** absolute end of the session */
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Wrong-password counter per lowercased login id, known or not (enumeration safety); change-password
 * failures count under `modifyPwd:<login id>`. `pending`: attempts reserved and not yet judged.
 */
export const loginFailures = pgTable('login_failures', {
  loginId: text('login_id').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: tz('first_failure_at').notNull(),
  lockedUntil: tz('locked_until'),
  pending: integer('pending').notNull().default(0),
});

/** Per-IP counters of @fastify/rate-limit when there is no Redis: one fixed window per key. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: tz('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_at_idx').on(t.windowEndsAt)],
);

/** Verification-code sends and wrong tries per code target and Shanghai day (the daily caps). */
export const codeDailyCounts = pgTable(
  'code_daily_counts',
  {
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sends: integer('sends').notNull().default(0),
    wrongTries: integer('wrong_tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/** changePhone / changeEmail: a code to the new contact of My account, the target `<user id>:<new contact>` */
export type CodePurpose = 'findPwd' | 'smsLogin' | 'changePhone' | 'changeEmail';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serialId(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /**
     * lowercased login id (findPwd), the phone's lookup hash (smsLogin) or `<user id>:<lookup hash of the new
     * phone or e-mail>` (changePhone/Email): no code row holds a phone or an e-mail
     */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: tz('used_at'),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt)],
);

export const directLoginNonces = pgTable('direct_login_nonces', {
  nonce: text('nonce').primaryKey(),
  loginId: text('login_id').notNull(),
  usedAt: tz('used_at').notNull(),
  /** the ticket's own expiry: the row may be deleted after it */
  expiresAt: tz('expires_at').notNull(),
});

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serialId(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    /** the phone or e-mail, sealed bound to `outbox_messages:<id>:recipient` (adapters/outbox/sandbox.ts) */
    recipientEnc: text('recipient_enc').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull(),
    /** until when the sandbox lists and keeps it: the send time plus how long what it carries stays valid */
    keepUntil: tz('keep_until').notNull(),
    /** the sender's idempotency key (a notice delivery's): a message sent twice under one key is kept once */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('outbox_messages_keep_until_idx').on(t.keepUntil),
    uniqueIndex('outbox_messages_idempotency_key').on(t.idempotencyKey),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: logId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    loginId: text('login_id'),
    /** the operator who acted (console and commands); null: a borrower or the system */
    operatorId: integer('operator_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    detail: jsonRecord('detail'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('audit_log_user_id_idx').on(t.userId),
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_operator_id_idx').on(t.operatorId),
    /** the console's search by subject (borrower:<login id>, operator:<login id>, refund:<no>…), newest first */
    index('audit_log_subject_idx').on(sql`(${t.detail}->>'subject')`, t.id),
  ],
);
