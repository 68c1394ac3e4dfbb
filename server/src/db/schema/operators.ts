import type {
  BankCode,
  OpsRequestActor,
  OpsRequestEvent,
  OpsRequestKindCode,
  OpsRequestState,
} from '@loan/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, jsonRecord, logId, moveColumns, serialId, tz } from './columns.ts';

/** The lender's staff: their own accounts, roles and sessions, apart from the borrowers'. */
export const operators = pgTable(
  'operators',
  {
    id: serialId(),
    /** stored lowercased */
    loginId: text('login_id').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** the TOTP secret (base32), sealed with PII_KEY bound to `operators:<id>:totp_secret`; null: not enrolled */
    totpSecretEnc: text('totp_secret_enc'),
    /** a secret shown for enrolment and not yet confirmed by a code, sealed the same way */
    totpPendingEnc: text('totp_pending_enc'),
    /** the last TOTP time step accepted: a code is good once */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** sha256 of each unused recovery code */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * the work e-mail the invitation went to, sealed with PII_KEY bound to `operators:<id>:email`; null for the
     * accounts made on the server host (create-admin, the demo operators)
     */
    emailEnc: text('email_enc'),
    /** the password was set by someone else (an invitation, create-admin): the next sign-in must replace it */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** a one-time password stops working after this (null: the operator's own password, no end) */
    passwordExpiresAt: tz('password_expires_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [uniqueIndex('operators_login_id_key').on(t.loginId)],
);

/**
 * A role: a named set of permissions (domain/src/ops/permissions.ts) and the partner banks whose borrowers it sees
 * (数据范围, modules/ops/data-scope.ts), kept as data.
 */
export const opsRoles = pgTable('ops_roles', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  /** the bank codes whose borrowers the role sees; null: every bank (the default roles) */
  bankScope: jsonb('bank_scope').$type<BankCode[]>(),
  createdAt: tz('created_at').notNull(),
});

export const operatorRoles = pgTable(
  'operator_roles',
  {
    operatorId: belongsTo('operator_id', () => operators.id),
    roleCode: text('role_code')
      .notNull()
      .references(() => opsRoles.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.roleCode] })],
);

/**
 * An operator's session: `PASSWORD` after the password (it can only finish the second factor, for 5 minutes),
 * `ACTIVE` after the code. Only the token's sha256 is stored.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: belongsTo('operator_id', () => operators.id),
    stage: text('stage').$type<'PASSWORD' | 'ACTIVE'>().notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** wrong codes entered on this challenge: the fifth ends it */
    wrongCodes: integer('wrong_codes').notNull().default(0),
  },
  (t) => [index('operator_sessions_operator_id_idx').on(t.operatorId)],
);

/**
 * Maker-checker (domain/src/ops/request-state.ts): a money or sensitive act an operator asked for, done when a
 * second operator confirms it. One PENDING request per subject at a time.
 */
export const opsRequests = pgTable(
  'ops_requests',
  {
    id: serialId(),
    kind: text('kind').$type<OpsRequestKindCode>().notNull(),
    /** what it acts on, e.g. `refund:RF20261127…`: two pending requests on one subject are refused */
    subject: text('subject').notNull(),
    /** what the maker asked, as the act will be done (e.g. the rejection's reason) */
    payload: jsonRecord('payload').notNull(),
    state: text('state').$type<OpsRequestState>().notNull(),
    makerId: belongsTo('maker_id', () => operators.id),
    checkerId: integer('checker_id').references(() => operators.id),
    /** the checker's reason (required to decline) */
    checkReason: text('check_reason'),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    decidedAt: tz('decided_at'),
  },
  (t) => [
    uniqueIndex('ops_requests_pending_subject_key').on(t.subject).where(sql`state = 'PENDING'`),
    index('ops_requests_pending_idx').on(t.state, t.createdAt),
    index('ops_requests_maker_idx').on(t.makerId, t.id),
  ],
);

/** Every move of an operator request: who, when, why. Never updated or deleted. */
export const opsRequestEvents = pgTable(
  'ops_request_events',
  {
    id: logId(),
    requestId: belongsTo('request_id', () => opsRequests.id),
    ...moveColumns<OpsRequestState, OpsRequestEvent | 'CREATE', OpsRequestActor>(),
    operatorId: integer('operator_id').references(() => operators.id),
  },
  (t) => [index('ops_request_events_request_idx').on(t.requestId, t.id)],
);
