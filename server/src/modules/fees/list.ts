import {
  type FeeListQuery,
  type FeeListResult,
  type FeeTotals,
  fenToYuan,
  MAX_ROW_ID,
  RSP,
  shanghaiDate,
  shanghaiInstant,
} from '@loan/domain';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { coupons, feeItems, loans, products, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { BAD_CURSOR, decodeCursor, encodeCursor, parseDateRange, parseLimit } from '../../lib/paging.ts';
import { feeOwedTotals } from './owed-totals.ts';
import { type FeeItemJoined, feeItemView, statusSql } from './views.ts';

/** A due date as the integer of a cursor part: "2026-03-01" → 20260301. */
const dateKey = (date: string) => Number(date.replaceAll('-', ''));
const keyDate = (key: number) => {
  const t = String(key).padStart(8, '0');
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
};

/** The joined rows of fee items under the conditions, by due date then id. */
export async function feeItemRows(
  ctx: AppContext,
  conditions: SQL[],
  limit: number,
): Promise<FeeItemJoined[]> {
  const rows = await ctx.db
    .select({
      item: feeItems,
      rowId: loans.applicationId,
      bank: loans.bank,
      productCode: loans.productCode,
      productName: products.name,
      couponTitle: coupons.title,
    })
    .from(feeItems)
    .innerJoin(loans, eq(loans.id, feeItems.loanId))
    .leftJoin(products, eq(products.productCode, loans.productCode))
    .leftJoin(coupons, eq(coupons.id, feeItems.couponId))
    .where(and(...conditions))
    .orderBy(asc(feeItems.dueDate), asc(feeItems.id))
    .limit(limit);
  return rows;
}

/** The borrower's totals over all their fee items on `today` (Shanghai). */
async function feeTotals(ctx: AppContext, userId: number, today: string): Promise<FeeTotals> {
  const yearStart = shanghaiInstant(`${today.slice(0, 4)}-01-01`).toISOString();
  const owed = await feeOwedTotals(ctx.db, userId, today);
  const [row] = await ctx.db
    .select({
      paidThisYear: sql<string>`coalesce(sum(case when ${feeItems.paidAt} >= ${yearStart}::timestamptz
        then ${feeItems.paidFen} else 0 end), 0)::text`,
      refunded: sql<string>`coalesce(sum(${feeItems.refundedFen}), 0)::text`,
    })
    .from(feeItems)
    .where(eq(feeItems.userId, userId));
  const yuan = (v: string | undefined) => fenToYuan(Number(v ?? 0));
  return {
    owed: fenToYuan(owed.owedFen),
    dueSoon: fenToYuan(owed.dueSoonFen),
    overdue: fenToYuan(owed.overdueFen),
    paidThisYear: yuan(row?.paidThisYear),
    refunded: yuan(row?.refunded),
  };
}

/**
 * GET /service/feeList: the caller's fee items by due date (oldest first), keyset paged on (due_date, id) along
 * fee_items_user_due_idx, filtered by status (derived as feeItemStatus), loan and due dates; totals over all
 * the caller's items. A loan id not theirs simply matches nothing.
 */
export async function feeList(ctx: AppContext, user: UserRow, query: FeeListQuery): Promise<FeeListResult> {
  const limit = parseLimit(query.pageSize);
  const range = parseDateRange(query.dateFrom, query.dateTo);
  const today = shanghaiDate(ctx.now());
  const conditions: SQL[] = [eq(feeItems.userId, user.id)];
  if (query.loanId !== undefined) conditions.push(eq(feeItems.loanId, query.loanId));
  if (query.status) conditions.push(sql`${statusSql(today)} = ${query.status}`);
  if (range.fromDay) conditions.push(gte(feeItems.dueDate, range.fromDay));
  if (range.toDay) conditions.push(lte(feeItems.dueDate, range.toDay));
  if (query.cursor !== undefined) {
    const [dueKey = 0, lastId = 0] = decodeCursor('f', user.id, query.cursor, 2);
    if (lastId > MAX_ROW_ID || dueKey > 99_991_231) throw new ApiError(RSP.INVALID_INPUT, BAD_CURSOR);
    conditions.push(sql`(${feeItems.dueDate}, ${feeItems.id}) > (${keyDate(dueKey)}, ${lastId})`);
  }
  const rows = await feeItemRows(ctx, conditions, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => feeItemView(r, today)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('f', user.id, [dateKey(last.item.dueDate), last.item.id])
        : null,
    totals: await feeTotals(ctx, user.id, today),
  };
}
