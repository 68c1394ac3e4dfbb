import {
  fenToYuan,
  type LedgerLine,
  type LedgerTotals,
  type TradingRecordPage,
  type TradingRecordQuery,
} from '@loan/domain';
import { and, desc, eq, gte, lt, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ledgerDailyTotals, ledgerTransactions, loans, products, type UserRow } from '../../db/schema.ts';
import {
  beforeKey,
  decodeCursor,
  encodeCursor,
  epochMicros,
  parseDateRange,
  parseLimit,
} from '../../lib/paging.ts';
import { ledgerLine } from './views.ts';

type Filters = Pick<TradingRecordQuery, 'type' | 'from' | 'to'>;

/** The WHERE of the caller's ledger with the filters: served by ledger_user_time_idx / ledger_user_type_time_idx. */
function ledgerConditions(user: UserRow, filters: Filters): SQL[] {
  const range = parseDateRange(filters.from, filters.to);
  const conditions: SQL[] = [eq(ledgerTransactions.userId, user.id)];
  if (filters.type) conditions.push(eq(ledgerTransactions.type, filters.type));
  if (range.since) conditions.push(gte(ledgerTransactions.occurredAt, range.since));
  if (range.before) conditions.push(lt(ledgerTransactions.occurredAt, range.before));
  return conditions;
}

async function ledgerRows(ctx: AppContext, conditions: SQL[], limit: number) {
  return ctx.db
    .select({
      line: ledgerTransactions,
      productName: products.name,
      occurredMicros: epochMicros(ledgerTransactions.occurredAt),
    })
    .from(ledgerTransactions)
    .leftJoin(loans, eq(loans.id, ledgerTransactions.loanId))
    .leftJoin(products, eq(products.productCode, loans.productCode))
    .where(and(...conditions))
    .orderBy(desc(ledgerTransactions.occurredAt), desc(ledgerTransactions.id))
    .limit(limit);
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Sums over the whole filtered range from the per-day totals the database keeps (ledger_daily_totals): exact,
 * since the filters are whole Shanghai days, and a few hundred rows however long the borrower's ledger is.
 */
async function ledgerTotals(ctx: AppContext, user: UserRow, filters: Filters): Promise<LedgerTotals> {
  const range = parseDateRange(filters.from, filters.to);
  const conditions: SQL[] = [eq(ledgerDailyTotals.userId, user.id)];
  if (filters.type) conditions.push(eq(ledgerDailyTotals.type, filters.type));
  if (range.fromDay) conditions.push(gte(ledgerDailyTotals.day, range.fromDay));
  if (range.toDay) conditions.push(lte(ledgerDailyTotals.day, range.toDay));
  const [row] = await ctx.db
    .select({
      amount: sum(ledgerDailyTotals.amountFen),
      principal: sum(ledgerDailyTotals.principalFen),
      disbursed: sql<
        string | null
      >`sum(${ledgerDailyTotals.principalFen}) filter (where ${ledgerDailyTotals.type} = 'DISBURSEMENT')`,
      interest: sum(ledgerDailyTotals.interestFen),
      penalty: sum(ledgerDailyTotals.penaltyFen),
      fee: sum(ledgerDailyTotals.feeFen),
      count: sum(ledgerDailyTotals.lineCount),
    })
    .from(ledgerDailyTotals)
    .where(and(...conditions));
  return {
    amount: fenToYuan(num(row?.amount)),
    principal: fenToYuan(num(row?.principal)),
    disbursed: fenToYuan(num(row?.disbursed)),
    interest: fenToYuan(num(row?.interest)),
    penalty: fenToYuan(num(row?.penalty)),
    fee: fenToYuan(num(row?.fee)),
    count: num(row?.count),
  };
}

/** GET /trading/tradingRecord: the caller's ledger, newest first by (occurredAt, id), keyset paged, with totals. */
export async function tradingRecord(
  ctx: AppContext,
  user: UserRow,
  query: TradingRecordQuery,
): Promise<TradingRecordPage> {
  const limit = parseLimit(query.limit);
  const conditions = ledgerConditions(user, query);
  if (query.cursor !== undefined) {
    const [micros = 0, id = 0] = decodeCursor('t', user.id, query.cursor, 2);
    conditions.push(beforeKey(ledgerTransactions.occurredAt, ledgerTransactions.id, micros, id));
  }
  const rows = await ledgerRows(ctx, conditions, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ledgerLine(r.line, r.productName)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('t', user.id, [Number(last.occurredMicros), last.line.id])
        : null,
    totals: await ledgerTotals(ctx, user, query),
  };
}

/** The most rows an export may hold. */
export const MAX_EXPORT_ROWS = 100_000;

/** The filtered ledger for an export, newest first; null when it has more than MAX_EXPORT_ROWS rows. */
export async function ledgerForExport(
  ctx: AppContext,
  user: UserRow,
  filters: Filters,
): Promise<{ lines: LedgerLine[]; totals: LedgerTotals } | null> {
  const conditions = ledgerConditions(user, filters);
  const totals = await ledgerTotals(ctx, user, filters);
  if (totals.count > MAX_EXPORT_ROWS) return null;
  const rows = await ledgerRows(ctx, conditions, MAX_EXPORT_ROWS);
  return { lines: rows.map((r) => ledgerLine(r.line, r.productName)), totals };
}
