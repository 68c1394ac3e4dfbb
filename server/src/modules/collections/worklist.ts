import {
  ASSIGNEE_MINE,
  ASSIGNEE_NONE,
  daysPastDue,
  fenToYuan,
  maskName,
  OVERDUE_BUCKETS,
  type OverdueBucket,
  overdueBucket,
  RSP,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  collectionActivities,
  collectionCases,
  operatorRoles,
  operators,
  opsRoles,
  users,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decodeCursor, encodeCursor, parseLimit } from '../../lib/paging.ts';
import { borrowerInScope, type ScopedOperator } from '../ops/data-scope.ts';
import { operatorByLogin } from '../ops/operators.ts';
import { bucketDueRange, bucketSql, fenOf, overdueBorrowers } from './overdue-sql.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;
type Operator = ScopedOperator & { id: number };

export interface WorklistQuery {
  bucket?: OverdueBucket | undefined;
  assignee?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The worklist's filter by who works the case: mine, unassigned, or an operator's login id. */
async function assigneeCondition(db: Database, operator: Operator, assignee: string | undefined) {
  const value = assignee?.trim();
  if (!value) return undefined;
  if (value === ASSIGNEE_MINE) return eq(collectionCases.assignedOperatorId, operator.id);
  if (value === ASSIGNEE_NONE) return isNull(collectionCases.assignedOperatorId);
  const row = await operatorByLogin(db, value);
  if (!row) throw new ApiError(RSP.INVALID_INPUT, '没有该运营人员，请从列表中选择负责人');
  return eq(collectionCases.assignedOperatorId, row.id);
}

/** "YYYY-MM-DD" as the cursor's number 20260301, and back. */
const dayNumber = (date: string) => Number(date.replaceAll('-', ''));
const dayText = (n: number) => {
  const s = String(n).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/**
 * 催收工作台: the overdue borrowers in the operator's data scope on Shanghai today, oldest due first (the most days
 * past due), by bucket and by who works them; each with what is overdue to the fen (penalty to today), the days and
 * bucket, the last contact attempt, a pending promise, the next action and the assignee. Keyset pages on
 * (oldest due date, borrower): each page aggregates only the instalments past due (instalments_due_idx).
 */
export async function worklist(ctx: Ctx, operator: Operator, query: WorklistQuery) {
  const limit = parseLimit(query.limit);
  const today = shanghaiDate(ctx.now());
  const o = overdueBorrowers(ctx.db, today, { banks: operator.bankScope });
  const where: (SQL | undefined)[] = [
    borrowerInScope(operator, sql`${o.userId}`),
    await assigneeCondition(ctx.db, operator, query.assignee),
  ];
  if (query.bucket) {
    const range = bucketDueRange(query.bucket, today);
    where.push(sql`${o.oldestDue} <= ${range.to}`);
    if (range.from) where.push(sql`${o.oldestDue} >= ${range.from}`);
  }
  if (query.cursor) {
    const [day = 0, userId = 0] = decodeCursor('collections', operator.id, query.cursor, 2);
    where.push(sql`(${o.oldestDue}, ${o.userId}) > (${dayText(day)}, ${userId}::int)`);
  }
  const rows = await ctx.db
    .select({
      userId: o.userId,
      oldestDue: o.oldestDue,
      overdueFen: o.overdueFen,
      instalments: o.instalmentCount,
      loginId: users.loginId,
      name: users.userNameCn,
      caseId: collectionCases.id,
      nextAction: collectionCases.nextAction,
      nextActionDate: collectionCases.nextActionDate,
      assigneeLogin: operators.loginId,
      assigneeName: operators.name,
    })
    .from(o)
    .innerJoin(users, eq(users.id, o.userId))
    .leftJoin(collectionCases, and(eq(collectionCases.userId, o.userId), eq(collectionCases.state, 'OPEN')))
    .leftJoin(operators, eq(operators.id, collectionCases.assignedOperatorId))
    .where(and(...where))
    .orderBy(asc(o.oldestDue), asc(o.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.userId);
  const contacts = ids.length
    ? await ctx.db
        .selectDistinctOn([collectionActivities.userId], {
          userId: collectionActivities.userId,
          at: collectionActivities.at,
          channel: collectionActivities.channel,
          outcome: collectionActivities.outcome,
        })
        .from(collectionActivities)
        .where(and(inArray(collectionActivities.userId, ids), eq(collectionActivities.kind, 'CONTACT')))
        .orderBy(collectionActivities.userId, desc(collectionActivities.at), desc(collectionActivities.id))
    : [];
  const promises = ids.length
    ? await ctx.db
        .select({
          userId: collectionActivities.userId,
          promisedDate: collectionActivities.promisedDate,
          amountFen: collectionActivities.amountFen,
        })
        .from(collectionActivities)
        .where(
          and(
            inArray(collectionActivities.userId, ids),
            eq(collectionActivities.kind, 'PROMISE'),
            eq(collectionActivities.state, 'PENDING'),
          ),
        )
    : [];
  const last = page.at(-1);
  return {
    asOf: today,
    lines: page.map((r) => {
      const days = daysPastDue(r.oldestDue, today);
      const contact = contacts.find((c) => c.userId === r.userId);
      const promise = promises.find((p) => p.userId === r.userId);
      return {
        loginId: r.loginId,
        name: maskName(r.name),
        overdueAmount: fenToYuan(fenOf(r.overdueFen)),
        daysPastDue: days,
        bucket: overdueBucket(days) ?? 'M1',
        instalments: r.instalments,
        lastContact: contact
          ? { at: contact.at.toISOString(), channel: contact.channel ?? '', outcome: contact.outcome ?? '' }
          : null,
        promise:
          promise?.promisedDate && promise.amountFen !== null
            ? { promisedDate: promise.promisedDate, amount: fenToYuan(promise.amountFen) }
            : null,
        nextAction: r.nextAction,
        nextActionDate: r.nextActionDate,
        assignee: r.assigneeLogin ? { loginId: r.assigneeLogin, name: r.assigneeName ?? '' } : null,
        caseId: r.caseId,
      };
    }),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('collections', operator.id, [dayNumber(last.oldestDue), last.userId])
        : null,
  };
}

/**
 * The worklist's figures per bucket, in one SQL aggregate: how many overdue borrowers and what they owe, exact to
 * the fen; in the operator's scope and, when asked, of one assignee. Every bucket is listed, empty ones with 0.
 */
export async function worklistSummary(
  ctx: Ctx,
  operator: Operator,
  query: { assignee?: string | undefined },
) {
  const today = shanghaiDate(ctx.now());
  const o = overdueBorrowers(ctx.db, today, { banks: operator.bankScope });
  const bucket = bucketSql(sql`${o.oldestDue}`, today);
  const rows = await ctx.db
    .select({
      bucket: sql<OverdueBucket>`${bucket}`,
      borrowers: sql<number>`count(*)::int`,
      fen: sql<string>`sum(${o.overdueFen}::numeric)::text`,
    })
    .from(o)
    .leftJoin(collectionCases, and(eq(collectionCases.userId, o.userId), eq(collectionCases.state, 'OPEN')))
    .where(
      and(
        borrowerInScope(operator, sql`${o.userId}`),
        await assigneeCondition(ctx.db, operator, query.assignee),
      ),
    )
    .groupBy(sql`1`);
  const buckets = OVERDUE_BUCKETS.map((b) => {
    const row = rows.find((r) => r.bucket === b);
    return { bucket: b, borrowers: row?.borrowers ?? 0, fen: fenOf(row?.fen) };
  });
  return {
    asOf: today,
    buckets: buckets.map((b) => ({ bucket: b.bucket, borrowers: b.borrowers, amount: fenToYuan(b.fen) })),
    total: {
      borrowers: buckets.reduce((s, b) => s + b.borrowers, 0),
      amount: fenToYuan(buckets.reduce((s, b) => s + b.fen, 0)),
    },
  };
}

/** Who may be given a case: operators not disabled whose roles hold 催收跟进 (collection.work). */
export async function collectionAssignees(db: Database) {
  return db
    .selectDistinct({ loginId: operators.loginId, name: operators.name })
    .from(operators)
    .innerJoin(operatorRoles, eq(operatorRoles.operatorId, operators.id))
    .innerJoin(opsRoles, eq(opsRoles.code, operatorRoles.roleCode))
    .where(and(eq(operators.disabled, false), sql`${opsRoles.permissions} @> '["collection.work"]'::jsonb`))
    .orderBy(asc(operators.loginId));
}
