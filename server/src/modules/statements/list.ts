import { MAX_ROW_ID, RSP, rspText, type StatementListQuery, type StatementPage } from '@loan/domain';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type MonthlyStatementRow, monthlyStatements, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decodeCursor, encodeCursor, parseLimit } from '../../lib/paging.ts';
import { statementSummary } from './views.ts';

/** A month "YYYY-MM" as the cursor's number YYYYMM, and back. */
const monthNumber = (month: string) => Number(month.replace('-', ''));
const monthOfNumber = (n: number) =>
  `${String(Math.trunc(n / 100)).padStart(4, '0')}-${String(n % 100).padStart(2, '0')}`;

/** GET /account/statements: the borrower's statements, newest month first, keyset paged by month. */
export async function statementList(
  db: Database,
  user: UserRow,
  query: StatementListQuery,
): Promise<StatementPage> {
  const limit = parseLimit(query.limit);
  const conditions: SQL[] = [eq(monthlyStatements.userId, user.id)];
  if (query.cursor !== undefined) {
    const [before = 0] = decodeCursor('m', user.id, query.cursor, 1);
    conditions.push(lt(monthlyStatements.month, monthOfNumber(before)));
  }
  const rows = await db
    .select()
    .from(monthlyStatements)
    .where(and(...conditions))
    .orderBy(desc(monthlyStatements.month))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(statementSummary),
    nextCursor: rows.length > limit && last ? encodeCursor('m', user.id, [monthNumber(last.month)]) : null,
  };
}

const notFound = () => new ApiError(RSP.STATEMENT_NOT_FOUND, rspText(RSP.STATEMENT_NOT_FOUND));

/** The borrower's own statement by id; another borrower's, a missing one and a malformed id are all 4301. */
export async function ownStatement(
  db: Database,
  userId: number,
  idValue: unknown,
): Promise<MonthlyStatementRow> {
  const text = String(idValue ?? '');
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > MAX_ROW_ID) throw notFound();
  const [row] = await db
    .select()
    .from(monthlyStatements)
    .where(and(eq(monthlyStatements.id, id), eq(monthlyStatements.userId, userId)));
  if (!row) throw notFound();
  return row;
}
