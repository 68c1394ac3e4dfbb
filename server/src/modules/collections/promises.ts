import { decidePromise, promiseWindowEnd, shanghaiDate } from '@loan/domain';
import { and, asc, eq, gt, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  collectionActivities,
  collectionCases,
  instalments,
  ledgerTransactions,
  loans,
  users,
} from '../../db/schema.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { fenOf, overdueWhere } from './overdue-sql.ts';

/** Promises (or cases) taken per query; a run goes on batch after batch until its budget ends. */
const BATCH = 50;

/** Ledger lines in which the borrower paid a loan: a repayment (instalment, repay-now) or an early settlement. */
const REPAID_TYPES = ['REPAYMENT', 'EARLY_SETTLEMENT'] as const;

/** What the borrower paid on their loans in [from, to): the ledger's repayment lines, net (a line is negative). */
export async function repaidWithin(db: Database, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ fen: sql<string>`coalesce(-sum(${ledgerTransactions.amountFen}), 0)::text` })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.userId, userId),
        inArray(ledgerTransactions.type, [...REPAID_TYPES]),
        gte(ledgerTransactions.occurredAt, from),
        lt(ledgerTransactions.occurredAt, to),
      ),
    );
  return fenOf(row?.fen);
}

/**
 * Every PENDING promise whose Shanghai date has ended, decided once (compare-and-set on PENDING: a second server
 * or run finds it decided and leaves it): KEPT when the repayments from its making to the end of its date reach
 * the amount, else BROKEN (domain decidePromise); what was repaid is kept, the decision audited with the borrower
 * as subject. Stops taking promises when the budget aborts.
 */
async function decideDuePromises(ctx: Pick<AppContext, 'db' | 'now'>, budget?: AbortSignal): Promise<number> {
  const now = ctx.now();
  const today = shanghaiDate(now);
  let decided = 0;
  let afterId = 0;
  while (!budget?.aborted) {
    const due = await ctx.db
      .select({
        id: collectionActivities.id,
        caseId: collectionActivities.caseId,
        userId: collectionActivities.userId,
        loginId: users.loginId,
        at: collectionActivities.at,
        promisedDate: collectionActivities.promisedDate,
        amountFen: collectionActivities.amountFen,
      })
      .from(collectionActivities)
      .innerJoin(users, eq(users.id, collectionActivities.userId))
      .where(
        and(
          eq(collectionActivities.kind, 'PROMISE'),
          eq(collectionActivities.state, 'PENDING'),
          lt(collectionActivities.promisedDate, today),
          gt(collectionActivities.id, afterId),
        ),
      )
      .orderBy(asc(collectionActivities.id))
      .limit(BATCH);
    for (const p of due) {
      if (budget?.aborted) break;
      afterId = p.id;
      if (p.promisedDate === null || p.amountFen === null) continue;
      const promise = { promisedDate: p.promisedDate, amountFen: p.amountFen };
      const repaidFen = await repaidWithin(ctx.db, p.userId, p.at, promiseWindowEnd(p.promisedDate));
      const decision = decidePromise(promise, repaidFen, today);
      if (!decision) continue;
      const done = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(collectionActivities)
          .set({ state: decision, decidedAt: now, repaidFen })
          .where(and(eq(collectionActivities.id, p.id), eq(collectionActivities.state, 'PENDING')))
          .returning({ id: collectionActivities.id });
        if (!row) return false;
        await recordAudit(tx, {
          action: decision === 'KEPT' ? AUDIT.collectionPromiseKept : AUDIT.collectionPromiseBroken,
          at: now,
          detail: {
            subject: `borrower:${p.loginId}`,
            caseId: p.caseId,
            activityId: p.id,
            ...promise,
            repaidFen,
          },
        });
        return true;
      });
      if (done) decided += 1;
    }
    if (due.length < BATCH) break;
  }
  return decided;
}

/** Open cases whose borrower has nothing past due nor a promise pending: CLOSED (a later default opens a new one). */
async function closeFinishedCases(
  ctx: Pick<AppContext, 'db' | 'now'>,
  budget?: AbortSignal,
): Promise<number> {
  const now = ctx.now();
  const today = shanghaiDate(now);
  let closed = 0;
  while (!budget?.aborted) {
    const overdue = ctx.db
      .select({ one: sql`1` })
      .from(instalments)
      .innerJoin(loans, eq(loans.id, instalments.loanId))
      .where(overdueWhere(today, eq(loans.userId, collectionCases.userId)));
    const pending = ctx.db
      .select({ one: sql`1` })
      .from(collectionActivities)
      .where(
        and(
          eq(collectionActivities.userId, collectionCases.userId),
          eq(collectionActivities.kind, 'PROMISE'),
          eq(collectionActivities.state, 'PENDING'),
        ),
      );
    const done = and(eq(collectionCases.state, 'OPEN'), notExists(overdue), notExists(pending));
    const finished = await ctx.db
      .select({ id: collectionCases.id })
      .from(collectionCases)
      .where(done)
      .limit(BATCH);
    if (finished.length === 0) break;
    const rows = await ctx.db
      .update(collectionCases)
      .set({ state: 'CLOSED', closedAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            collectionCases.id,
            finished.map((c) => c.id),
          ),
          done,
        ),
      )
      .returning({ id: collectionCases.id });
    closed += rows.length;
    if (finished.length < BATCH) break;
  }
  return closed;
}

/** The background job's run: promises decided on their date, then the cases with nothing left to work closed. */
export async function settleCollectionCases(
  ctx: Pick<AppContext, 'db' | 'now'>,
  budget?: AbortSignal,
): Promise<{ decided: number; closed: number }> {
  const decided = await decideDuePromises(ctx, budget);
  return { decided, closed: await closeFinishedCases(ctx, budget) };
}
