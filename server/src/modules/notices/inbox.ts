import {
  NOTICE_CATEGORIES,
  type NoticeCategory,
  type NoticeListQuery,
  type NoticeListView,
  type NoticeReadAllRequest,
  type NoticeReadResult,
  RSP,
} from '@loan/domain';
import { and, count, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notices } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decodeCursor, encodeCursor, parseLimit } from '../../lib/paging.ts';

/** The message centre of one borrower: only their own notices, newest first. */

const CURSOR_KIND = 'notices';

/** Unread notices of a borrower, in all and per category. */
export async function unreadCounts(
  db: Database,
  userId: number,
): Promise<{ unread: number; unreadByCategory: Record<NoticeCategory, number> }> {
  const rows = await db
    .select({ category: notices.category, n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .groupBy(notices.category);
  const unreadByCategory = Object.fromEntries(NOTICE_CATEGORIES.map((c) => [c, 0])) as Record<
    NoticeCategory,
    number
  >;
  let unread = 0;
  for (const row of rows) {
    unreadByCategory[row.category] = row.n;
    unread += row.n;
  }
  return { unread, unreadByCategory };
}

/** The bell's figure: one count on the partial index of unread rows. */
export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.n ?? 0;
}

export async function noticeList(
  db: Database,
  userId: number,
  query: NoticeListQuery,
): Promise<NoticeListView> {
  const limit = parseLimit(query.limit);
  const where: SQL[] = [eq(notices.userId, userId)];
  if (query.category) where.push(eq(notices.category, query.category));
  if (query.unread) where.push(isNull(notices.readAt));
  if (query.cursor) {
    const [before = 0] = decodeCursor(CURSOR_KIND, userId, query.cursor, 1);
    where.push(lt(notices.id, before));
  }
  const rows = await db
    .select()
    .from(notices)
    .where(and(...where))
    .orderBy(desc(notices.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      category: row.category,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(CURSOR_KIND, userId, [last.id]) : null,
    ...(await unreadCounts(db, userId)),
  };
}

/** Marks one of the borrower's notices read (again: nothing changes); another's or none: 4201. */
export async function readNotice(
  db: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<NoticeReadResult> {
  const [own] = await db
    .select({ id: notices.id, readAt: notices.readAt })
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.userId, userId)));
  if (!own) throw new ApiError(RSP.NOTICE_NOT_FOUND);
  const marked = own.readAt
    ? []
    : await db
        .update(notices)
        .set({ readAt: now })
        .where(and(eq(notices.id, id), isNull(notices.readAt)))
        .returning({ id: notices.id });
  return { marked: marked.length, unread: await unreadCount(db, userId) };
}

/** Marks every unread notice of the borrower read, or those of one category. */
export async function readAllNotices(
  db: Database,
  userId: number,
  body: NoticeReadAllRequest,
  now: Date,
): Promise<NoticeReadResult> {
  const where = [eq(notices.userId, userId), isNull(notices.readAt)];
  if (body.category) where.push(eq(notices.category, body.category));
  const marked = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(...where))
    .returning({ id: notices.id });
  return { marked: marked.length, unread: await unreadCount(db, userId) };
}
