import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** stored lowercased */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    userNameCn: text('user_name_cn').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    assetsCodes: jsonb('assets_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** null: the password was never changed (must change before anything else) */
    uptPwdTime: tz('upt_pwd_time'),
    paidMethod: text('paid_method'),
    openBank: text('open_bank'),
    subAccNo: text('sub_acc_no'),
    /** null: no restriction; [] or a list: the only pages this user may open (SPEC.md §2) */
    onlyPages: jsonb('only_pages').$type<string[] | null>(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_id_key').on(t.loginId), uniqueIndex('users_phone_key').on(t.phone)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the token; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export type CodePurpose = 'findPwd' | 'smsLogin';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** lowercased login id (findPwd) or phone (smsLogin) */
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
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.id)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    loginId: text('login_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('audit_log_user_id_idx').on(t.userId), index('audit_log_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Issue 3: products, store authorisation, agreements, certification, applications, bank callbacks

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

/** The borrower's marketplace store and its authorisation (SPEC.md §3 storeInfo / shopAuth). One per user. */
export const sellerStores = pgTable(
  'seller_stores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').notNull(),
    sellerName: text('seller_name').notNull(),
    /** marketplace ids the seller participates in */
    marketplaceIds: jsonb('marketplace_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** the authorisation token, AES-256-GCM with STORE_TOKEN_KEY; never returned */
    tokenEnc: text('token_enc'),
    /** '01'–'05' (domain STORE_AUTH_STATUSES) as last determined */
    status: text('status').notNull(),
    /** trailing twelve months' sales reported by the marketplace, in fen (the sandbox banks' credit rule) */
    annualSalesFen: bigint('annual_sales_fen', { mode: 'number' }).notNull().default(0),
    authorisedAt: tz('authorised_at'),
    expiresAt: tz('expires_at'),
    checkedAt: tz('checked_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('seller_stores_user_key').on(t.userId)],
);

/** Versioned agreement texts; the newest published version of a kind is current. */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: serial('id').primaryKey(),
    /** domain AgreementKind */
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** sha256 hex of the body as shown */
    textHash: text('text_hash').notNull(),
    publishedAt: tz('published_at').notNull(),
  },
  (t) => [uniqueIndex('agreement_versions_kind_version_key').on(t.kind, t.version)],
);

/** Who accepted which version's text, when and from where. Never updated or deleted. */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => agreementVersions.id),
    kind: text('kind').notNull(),
    textHash: text('text_hash').notNull(),
    acceptedAt: tz('accepted_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('agreement_acceptances_user_version_key').on(t.userId, t.versionId)],
);

/** Uploaded documents (business licence, ID card sides, sales statement), stored through the file adapter. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** BUSINESS_LICENCE | ID_CARD_FRONT | ID_CARD_BACK | SALES_STATEMENT */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('documents_user_idx').on(t.userId)],
);

/** The borrower's loan certification (company, legal representative, bank card). One per user. */
export const loanCertifications = pgTable(
  'loan_certifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    uscc: text('uscc').notNull(),
    legalName: text('legal_name').notNull(),
    /** AES-256-GCM with PII_KEY; only masked forms leave the server */
    idNumberEnc: text('id_number_enc').notNull(),
    legalPhoneEnc: text('legal_phone_enc').notNull(),
    bankCardEnc: text('bank_card_enc'),
    bankName: text('bank_name'),
    licenceDocId: integer('licence_doc_id').references(() => documents.id),
    idFrontDocId: integer('id_front_doc_id').references(() => documents.id),
    idBackDocId: integer('id_back_doc_id').references(() => documents.id),
    salesDocId: integer('sales_doc_id').references(() => documents.id),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('loan_certifications_user_key').on(t.userId)],
);

/** A loan application; its id is the route's rowId, CRBANK's orders are addressed by mcOrderNo. */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    productCode: text('product_code').notNull(),
    productType: text('product_type'),
    /** CRBANK's merchant order number; null for the other banks */
    mcOrderNo: text('mc_order_no'),
    /** domain ApplicationState */
    state: text('state').notNull(),
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
    // loan records (issue 4), newest first by (created_at, id), unfiltered or by date range, state or bank
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
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    event: text('event').notNull(),
    /** domain Actor */
    actor: text('actor').notNull(),
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
  },
  (t) => [index('sandbox_bank_jobs_due_idx').on(t.deliveredAt, t.dueAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Issue 4: loans, instalments, the ledger, service fees, early settlement

/** A disbursed application becomes a loan (one per application). Money in fen, dates "YYYY-MM-DD" (Shanghai). */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    productCode: text('product_code').notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    /** decimal string, as the product had it at disbursement */
    annualRate: text('annual_rate').notNull(),
    method: text('method').notNull(),
    termMonths: integer('term_months').notNull(),
    /** value date (start of interest) */
    startDate: text('start_date').notNull(),
    /** REPAYING | OVERDUE | SETTLED */
    status: text('status').notNull(),
    outstandingPrincipalFen: bigint('outstanding_principal_fen', { mode: 'number' }).notNull(),
    disbursedAt: tz('disbursed_at').notNull(),
    /** the application's created_at, copied (it never changes): orders loan records filtered by loan status */
    appliedAt: tz('applied_at').notNull(),
    settledAt: tz('settled_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('loans_application_key').on(t.applicationId),
    foreignKey({
      name: 'loans_application_user_fk',
      columns: [t.applicationId, t.userId],
      foreignColumns: [applications.id, applications.userId],
    }),
    index('loans_user_idx').on(t.userId, t.id),
    // loan records filtered by the loan's status, in the order of the applications (newest first)
    index('loans_user_status_applied_idx').on(t.userId, t.status, t.appliedAt, t.applicationId),
    index('loans_user_bank_idx').on(t.userId, t.bank, t.id),
  ],
);

/** One row per instalment of a loan's schedule; paid parts grow as collections arrive. */
export const instalments = pgTable(
  'instalments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dueDate: text('due_date').notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** penalty interest accrued while overdue */
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    paidPrincipalFen: bigint('paid_principal_fen', { mode: 'number' }).notNull().default(0),
    paidInterestFen: bigint('paid_interest_fen', { mode: 'number' }).notNull().default(0),
    paidFeeFen: bigint('paid_fee_fen', { mode: 'number' }).notNull().default(0),
    paidPenaltyFen: bigint('paid_penalty_fen', { mode: 'number' }).notNull().default(0),
    /** DUE | PARTIAL | PAID | OVERDUE | SETTLED_EARLY */
    status: text('status').notNull(),
    paidAt: tz('paid_at'),
  },
  (t) => [
    uniqueIndex('instalments_loan_seq_key').on(t.loanId, t.seq),
    index('instalments_due_idx').on(t.status, t.dueDate),
  ],
);

/**
 * The ledger: one immutable line per money movement (never updated or deleted; a correction is a new line
 * that reverses an old one through reversesId). amountFen is the whole movement, the parts split it.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id').references(() => loans.id),
    /** DISBURSEMENT | REPAYMENT | FEE_PAYMENT | REFUND | COUPON | EARLY_SETTLEMENT | REVERSAL */
    type: text('type').notNull(),
    /** into the borrower's hands positive (disbursement, refund), out of them negative (repayment, fee) */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull().default(0),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull().default(0),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    memo: text('memo'),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('ledger_user_time_idx').on(t.userId, t.occurredAt, t.id),
    index('ledger_user_type_time_idx').on(t.userId, t.type, t.occurredAt, t.id),
    index('ledger_loan_idx').on(t.loanId, t.id),
  ],
);

/**
 * The ledger summed per borrower, Shanghai day and type, kept by a trigger on every ledger insert (migration
 * 0006). Date filters are whole Shanghai days, so any filtered range's totals are exact sums of these rows:
 * the transaction list's totals read a few hundred rows instead of all of a borrower's ledger lines.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the Shanghai calendar day of occurred_at, YYYY-MM-DD */
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
  },
  // migration 0007 makes the key carry the sums (INCLUDE …), which Drizzle cannot declare: the totals are an
  // index-only scan
  (t) => [primaryKey({ name: 'ledger_daily_totals_pkey', columns: [t.userId, t.day, t.type] })],
);

/** The platform's service fee of a loan (DESIGN.md): due at disbursement, paid, or refunded. */
export const serviceFees = pgTable(
  'service_fees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** DUE | PAID | REFUNDED */
    status: text('status').notNull(),
    dueAt: tz('due_at').notNull(),
    paidAt: tz('paid_at'),
  },
  (t) => [
    index('service_fees_user_idx').on(t.userId, t.id),
    uniqueIndex('service_fees_loan_key').on(t.loanId),
    // the collections sandbox's "fees due by now"
    index('service_fees_due_idx').on(t.status, t.dueAt),
  ],
);

/** Early settlement: the quote the borrower confirmed, and what the bank answered. */
export const settlementRequests = pgTable(
  'settlement_requests',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** the date interest is counted to */
    asOfDate: text('as_of_date').notNull(),
    /** REQUESTED | SETTLED | REFUSED */
    status: text('status').notNull(),
    reason: text('reason'),
    requestedAt: tz('requested_at').notNull(),
    completedAt: tz('completed_at'),
  },
  (t) => [
    index('settlement_requests_loan_idx').on(t.loanId, t.id),
    // one open settlement per loan: concurrent confirmations make one request
    uniqueIndex('settlement_requests_open_key').on(t.loanId).where(sql`status = 'REQUESTED'`),
  ],
);

/**
 * A call that changes something at a partner (bank submit, cancel, contract signed, settle …): claimed here
 * first, so only one request calls; the partner gets idempotency_key; the answer closes the claim
 * (modules/partner-calls). One active claim per (partner, operation, subject); a REFUSED one frees the place.
 */
export const partnerCalls = pgTable(
  'partner_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    bank: text('bank').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bank, t.idempotencyKey] })],
);

export const ALL_TABLES = [
  'partner_call_events',
  'partner_calls',
  'sandbox_bank_requests',
  'settlement_requests',
  'service_fees',
  'ledger_daily_totals',
  'ledger_transactions',
  'instalments',
  'loans',
  'sandbox_bank_jobs',
  'bank_callbacks',
  'application_events',
  'applications',
  'loan_certifications',
  'documents',
  'agreement_acceptances',
  'agreement_versions',
  'seller_stores',
  'products',
  'audit_log',
  'outbox_messages',
  'direct_login_nonces',
  'verification_codes',
  'code_daily_counts',
  'rate_limit_hits',
  'login_failures',
  'sessions',
  'users',
] as const;

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SellerStoreRow = typeof sellerStores.$inferSelect;
export type AgreementVersionRow = typeof agreementVersions.$inferSelect;
export type LoanCertificationRow = typeof loanCertifications.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type PartnerCallRow = typeof partnerCalls.$inferSelect;
export type InstalmentRow = typeof instalments.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
