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
import { belongsTo, serialId, tz } from './columns.ts';

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
    createdAt: tz('created_at').notNull(),
  },
  (t) => [uniqueIndex('operators_login_id_key').on(t.loginId)],
);

/** A role: a named set of permissions (domain/src/ops/permissions.ts), kept as data. */
export const opsRoles = pgTable('ops_roles', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
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
