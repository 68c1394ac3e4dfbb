import type { Actor, ApplicationEvent, ApplicationState, BankCode, StepKey } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { belongsTo, logId, moveColumns, serialId, timestamps, tz } from './columns.ts';

/** Products, applications with their event log, bank callbacks and the sandbox banks' pending deliveries. */

/** A partner bank's loan product (domain Product); seeded from SEED_PRODUCTS, money in fen. */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    bank: text('bank').$type<BankCode>().notNull(),
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
    flow: jsonb('flow').$type<StepKey[] | null>(),
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
    id: serialId(),
    userId: ownerId(),
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
    ...timestamps(),
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
    id: logId(),
    applicationId: belongsTo('application_id', () => applications.id),
    ...moveColumns<ApplicationState, ApplicationEvent | 'CREATE', Actor>(),
    /** login id of a borrower/operator, bank code of a bank */
    actorRef: text('actor_ref'),
    ip: text('ip'),
  },
  (t) => [index('application_events_app_idx').on(t.applicationId, t.id)],
);

/** Callbacks received from partner banks; (bank, eventId) makes them idempotent. */
export const bankCallbacks = pgTable(
  'bank_callbacks',
  {
    id: logId(),
    bank: text('bank').$type<BankCode>().notNull(),
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
    id: serialId(),
    bank: text('bank').$type<BankCode>().notNull(),
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
export type SandboxBankJobRow = typeof sandboxBankJobs.$inferSelect;
