import { fenToYuan, maskPartyName, statementMonth, statementMonthDue } from '@loan/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { loanCertifications, type MonthlyStatementRow, monthlyStatements, users } from '../../db/schema.ts';
import { issueDocument } from '../issued-documents/issue.ts';
import { notify } from '../notices/notify.ts';
import { buildStatement } from './build.ts';

export type StatementContext = Pick<AppContext, 'db' | 'now' | 'config' | 'log'>;

/** How many borrowers one query of the sweep takes. */
const BATCH = 50;

/** The name a borrower's documents carry: the certified company's, else the account's. */
export async function borrowerName(
  db: Database,
  userId: number,
): Promise<{ name: string; uscc: string | null }> {
  const [row] = await db
    .select({
      companyName: loanCertifications.companyName,
      uscc: loanCertifications.uscc,
      own: users.userNameCn,
    })
    .from(users)
    .leftJoin(loanCertifications, eq(loanCertifications.userId, users.id))
    .where(eq(users.id, userId));
  return { name: row?.companyName ?? row?.own ?? '', uscc: row?.uscc ?? null };
}

/** The issued document's subject of a borrower's statement of a month: known before the statement's row is. */
export const statementSubject = (userId: number, month: string) => `${userId}:${month}`;

/**
 * Makes the borrower's statement of `month` ("YYYY-MM") from the ledger, once: registers its issued document,
 * writes the row and announces it in the message centre, in one transaction. Answers the new row, or null when
 * the borrower already has that month's statement (made before, or at the same moment by another server).
 */
export async function makeStatement(
  ctx: Pick<StatementContext, 'db' | 'config'>,
  userId: number,
  month: string,
  now: Date,
): Promise<MonthlyStatementRow | null> {
  const bounds = statementMonth(month);
  if (!bounds) throw new RangeError(`not a month: ${month}`);
  return ctx.db.transaction(async (tx) => {
    const [had] = await tx
      .select({ id: monthlyStatements.id })
      .from(monthlyStatements)
      .where(and(eq(monthlyStatements.userId, userId), eq(monthlyStatements.month, month)));
    if (had) return null;
    const { figures, nextDueDate, nextDueFen } = await buildStatement(tx, userId, bounds);
    const borrower = await borrowerName(tx, userId);
    const issued = await issueDocument(tx, {
      kind: 'STATEMENT',
      subjectId: statementSubject(userId, month),
      userId,
      facts: {
        amount: fenToYuan(figures.closingFen),
        payer: maskPartyName(borrower.name),
        payee: ctx.config.platform.legalName,
      },
      now,
    });
    const [made] = await tx
      .insert(monthlyStatements)
      .values({
        userId,
        month,
        ...figures,
        nextDueDate,
        nextDueFen,
        docNo: issued.docNo,
        verifyCode: issued.verifyCode,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [monthlyStatements.userId, monthlyStatements.month] })
      .returning();
    if (!made) return null;
    await notify(tx, {
      userId,
      event: {
        kind: 'STATEMENT_READY',
        facts: { statementId: made.id, month, closingFen: made.closingFen, nextDueDate },
      },
      key: `statement:${made.id}`,
      now,
    });
    return made;
  });
}

/**
 * Borrowers who need a statement of the month and have none, after `afterUserId`: those with a ledger line in
 * the month, or a balance at its start (read from the per-day ledger totals, whose Shanghai days the month's
 * bounds follow exactly).
 */
export async function borrowersWithoutStatement(
  db: Database,
  month: string,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const bounds = statementMonth(month);
  if (!bounds) throw new RangeError(`not a month: ${month}`);
  const result = await db.execute<{ user_id: number }>(sql`
    select c.user_id from (
      select user_id from ledger_daily_totals
        where day >= ${bounds.firstDay}::date and day <= ${bounds.lastDay}::date
      union
      select user_id from ledger_daily_totals
        where day < ${bounds.firstDay}::date
        group by user_id having sum(principal_fen) <> 0
    ) c
    where c.user_id > ${afterUserId}
      and not exists (
        select 1 from monthly_statements s where s.user_id = c.user_id and s.month = ${month}
      )
    order by c.user_id
    limit ${limit}`);
  return (result as unknown as { rows: Array<{ user_id: number }> }).rows.map((r) => Number(r.user_id));
}

/**
 * The background job's sweep: the statements of the month due (the last complete Shanghai month, an hour into the
 * new one) for every borrower who needs one and has none, in batches, until done or the budget ends (the next
 * run goes on). A server that was down on the 1st catches up at its first run; the unique (user, month) makes
 * each statement once whatever the number of servers. One borrower's failure is logged and the sweep goes on.
 */
export async function makeDueStatements(
  ctx: StatementContext,
  budget?: AbortSignal,
  month: string = statementMonthDue(ctx.now()),
): Promise<{ month: string; made: number }> {
  let made = 0;
  let after = 0;
  for (;;) {
    if (budget?.aborted) break;
    const ids = await borrowersWithoutStatement(ctx.db, month, after, BATCH);
    if (ids.length === 0) break;
    for (const userId of ids) {
      if (budget?.aborted) break;
      after = userId;
      try {
        if (await makeStatement(ctx, userId, month, ctx.now())) made += 1;
      } catch (err) {
        ctx.log.error({ err, userId, month }, 'monthly statement not made');
      }
    }
  }
  return { month, made };
}
