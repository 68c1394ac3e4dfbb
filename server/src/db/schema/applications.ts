import type { Actor, ApplicationEvent, ApplicationState, BankCode } from '@loan/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tz } from './columns.ts';

/** Products, applications with their event log, bank callbacks and the sandbox banks' pending deliveries. */

/** A partner bank's loan product (domain Product); seeded from SEED_PRODUCTS, money in fen. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    bank: text('bank').notNull(),
    productCode: text('product_code').notNull(),
    /** only for banks whose route carries it (YNIT, SHRB) */
    productType: text('product_type'),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    minAmountFen: bigint('min_amount_fen', { mode: 'number' }).notNull(),
    maxAmountFen: bigint('max_amount_fen', { mode: 'number' }).notNull(),
    amountStepFen: bigint('amount_step_fen', { mode: 'number' }).notNull(),
    terms: jsonb('terms').$type<number[]>().notNull(),
    /** decimal string, "0.168" = 16.8 % a year */
    annualRate: text('annual_rate').notNull(),
    method: text('method').notNull(),
    /** domain ServiceFee or null */
    serviceFee: jsonb('service_fee').$type<{ kind: string; rate: string } | null>(),
    materials: jsonb('materials').$type<string[]>().notNull(),
    /** the product's own flow when it differs from its bank's */
    flow: jsonb('flow').$type<string[] | null>(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_code_key').on(t.productCode)],
);

/** A loan application; its id is the route's rowId, CRBANK's orders are addressed by mcOrderNo. */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank').$type<BankCode>().notNull(),
    productCode: text('product_code').notNull(),
    productType: text('product_type'),
    /** CRBANK's merchant order number; null for the other banks */
    mcOrderNo: text('mc_order_no'),
    state: text('state').$type<ApplicationState>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    termMonths: integer('term_months'),
    purpose: text('purpose'),
    /** the bank's own reference once submitted */
    bankRef: text('bank_ref'),
    approvedAmountFen: bigint('approved_amount_fen', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    /** borrower steps done outside other tables (sandbox face verification …): step key → ISO time */
    stepMarks: jsonb('step_marks').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
    submittedAt: tz('submitted_at'),
    decidedAt: tz('decided_at'),
  },
  (t) => [
    // loan records, newest first by (created_at, id), unfiltered or by date range, state or bank
    index('applications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('applications_user_state_created_idx').on(t.userId, t.state, t.createdAt, t.id),
    index('applications_user_bank_created_idx').on(t.userId, t.bank, t.createdAt, t.id),
    // the target of loans' (application_id, user_id) key: a loan's borrower is its application's, in the database
    uniqueIndex('applications_id_user_key').on(t.id, t.userId),
    uniqueIndex('applications_mc_order_no_key').on(t.mcOrderNo),
    uniqueIndex('applications_bank_ref_key').on(t.bank, t.bankRef),
  ],
);

/** Every state change of an application: who, when, why. Never updated or deleted. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<ApplicationState>(),
    toState: text('to_state').$type<ApplicationState>().notNull(),
    event: text('event').$type<ApplicationEvent | 'CREATE'>().notNull(),
    actor: text('actor').$type<Actor>().notNull(),
    /** login id of a borrower/operator, bank code of a bank */
    actorRef: text('actor_ref'),
    reason: text('reason'),
    ip: text('ip'),
    at: tz('at').notNull(),
  },
  (t) => [index('application_events_app_idx').on(t.applicationId, t.id)],
);

/** Callbacks received from partner banks; (bank, eventId) makes them idempotent. */
export const bankCallbacks = pgTable(
  'bank_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bank: text('bank').notNull(),
    eventId: text('event_id').notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** the outcome recorded for the first delivery, returned again for a replay */
    outcome: text('outcome').notNull(),
    receivedAt: tz('received_at').notNull(),
  },
  (t) => [uniqueIndex('bank_callbacks_event_key').on(t.bank, t.eventId)],
);

/** Decisions the sandbox banks owe: delivered by callback once due (survives a restart). */
export const sandboxBankJobs = pgTable(
  'sandbox_bank_jobs',
  {
    id: serial('id').primaryKey(),
    bank: text('bank').notNull(),
    bankRef: text('bank_ref').notNull(),
    /** the callback body the sandbox will sign and deliver */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dueAt: tz('due_at').notNull(),
    deliveredAt: tz('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
    /** appended to the callback route: '' for decisions, '/account' for sub-account openings */
    callbackPath: text('callback_path').notNull().default(''),
  },
  (t) => [index('sandbox_bank_jobs_due_idx').on(t.deliveredAt, t.dueAt)],
);
