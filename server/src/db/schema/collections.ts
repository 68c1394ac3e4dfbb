import type {
  CollectionActivityKind,
  CollectionCaseState,
  CollectionChannel,
  ContactOutcome,
  HardshipRelief,
  HardshipState,
  PromiseState,
} from '@loan/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { belongsTo, fen, logId, serialId, tz } from './columns.ts';
import { operators } from './operators.ts';

/** 催收工作台: a borrower's collections case and its activity log (domain/src/ops/collections.ts). */

/**
 * One borrower's collections work: one OPEN case per borrower (made when first worked), who works it and what
 * is next; the engine closes it once nothing is past due nor promised. Dates "YYYY-MM-DD" (Shanghai).
 */
export const collectionCases = pgTable(
  'collection_cases',
  {
    id: serialId(),
    userId: ownerId(),
    state: text('state').$type<CollectionCaseState>().notNull(),
    assignedOperatorId: integer('assigned_operator_id').references(() => operators.id),
    nextAction: text('next_action'),
    nextActionDate: text('next_action_date'),
    openedAt: tz('opened_at').notNull(),
    closedAt: tz('closed_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('collection_cases_open_key').on(t.userId).where(sql`state = 'OPEN'`),
    index('collection_cases_user_idx').on(t.userId, t.id),
    index('collection_cases_assignee_idx').on(t.assignedOperatorId).where(sql`state = 'OPEN'`),
    check('collection_cases_state_check', sql`${t.state} in ('OPEN', 'CLOSED')`),
  ],
);

/**
 * What was done on a case, one row per act, never deleted: NOTE (text), CONTACT (channel, outcome, text),
 * PROMISE (promised date, amount; state PENDING → KEPT | BROKEN, decided by the engine with what was repaid),
 * HARDSHIP (reason in text, relief; state OPEN → ACCEPTED | DECLINED by an operator, with a note), ASSIGN (to
 * whom; null: unassigned). operator_id is who recorded it.
 */
export const collectionActivities = pgTable(
  'collection_activities',
  {
    id: logId(),
    caseId: belongsTo('case_id', () => collectionCases.id),
    userId: ownerId(),
    kind: text('kind').$type<CollectionActivityKind>().notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    at: tz('at').notNull(),
    text: text('text'),
    channel: text('channel').$type<CollectionChannel>(),
    outcome: text('outcome').$type<ContactOutcome>(),
    promisedDate: text('promised_date'),
    amountFen: fen('amount_fen'),
    relief: text('relief').$type<HardshipRelief>(),
    assigneeId: integer('assignee_id').references(() => operators.id),
    /** a PROMISE's or a HARDSHIP's state */
    state: text('state').$type<PromiseState | HardshipState>(),
    decidedAt: tz('decided_at'),
    /** who decided a HARDSHIP (a PROMISE is decided by the engine: null) */
    decidedBy: integer('decided_by').references(() => operators.id),
    decisionNote: text('decision_note'),
    /** a decided PROMISE: what the borrower repaid within its window */
    repaidFen: fen('repaid_fen'),
  },
  (t) => [
    index('collection_activities_case_idx').on(t.caseId, t.id),
    index('collection_activities_user_idx').on(t.userId, t.id),
    // the worklist's last contact of each borrower
    index('collection_activities_contact_idx').on(t.userId, t.at).where(sql`kind = 'CONTACT'`),
    // the engine's promises to decide
    index('collection_activities_pending_idx')
      .on(t.promisedDate, t.id)
      .where(sql`kind = 'PROMISE' and state = 'PENDING'`),
    check(
      'collection_activities_kind_check',
      sql`${t.kind} in ('NOTE', 'CONTACT', 'PROMISE', 'HARDSHIP', 'ASSIGN')`,
    ),
  ],
);

export type CollectionCaseRow = typeof collectionCases.$inferSelect;
export type CollectionActivityRow = typeof collectionActivities.$inferSelect;
