import { RSP } from '@loan/domain';
import { and, desc, eq, gte, isNotNull, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

export interface AuditQuery {
  action?: string | undefined;
  loginId?: string | undefined;
  actor?: 'borrower' | 'operator' | 'system' | undefined;
  subject?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

function instant(text: string | undefined, label: string): Date | null {
  if (text === undefined || text === '') return null;
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime())) {
    throw new ApiError(RSP.INVALID_INPUT, `${label}格式不正确，请使用如 2026-11-27T08:00:00+08:00 的时间`);
  }
  return at;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions of a search (the export uses them too); the cursor is the search's own. */
function auditWhere(query: AuditQuery): SQL[] {
  const from = instant(query.from, '起始时间');
  const to = instant(query.to, '截止时间');
  if (from && to && from.getTime() >= to.getTime()) {
    throw new ApiError(RSP.INVALID_INPUT, '起始时间须早于截止时间');
  }
  const where: SQL[] = [];
  if (query.action) where.push(like(auditLog.action, `${escapeLike(query.action.trim())}%`));
  if (query.loginId) where.push(eq(auditLog.loginId, query.loginId.trim().toLowerCase()));
  if (query.actor === 'operator') where.push(isNotNull(auditLog.operatorId));
  if (query.actor === 'borrower')
    where.push(and(isNull(auditLog.operatorId), isNotNull(auditLog.userId)) as SQL);
  if (query.actor === 'system') where.push(and(isNull(auditLog.operatorId), isNull(auditLog.userId)) as SQL);
  if (query.subject?.trim()) where.push(sql`${auditLog.detail}->>'subject' = ${query.subject.trim()}`);
  if (from) where.push(gte(auditLog.createdAt, from));
  if (to) where.push(lt(auditLog.createdAt, to));
  return where;
}

export type AuditRow = typeof auditLog.$inferSelect;

export function entryOf(row: AuditRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    actor:
      row.operatorId !== null
        ? ('operator' as const)
        : row.userId !== null
          ? ('borrower' as const)
          : ('system' as const),
    loginId: row.loginId,
    ip: row.ip,
    detail: row.detail ?? null,
  };
}

/**
 * The audit log, newest first, by action (prefix), login id, whose act (borrower, operator, system), subject
 * (`borrower:<login id>`, `operator:<login id>`, `refund:<no>`… as the act recorded it) and time; keyset pages by id (page 1000 costs what
 * page 1 costs). Whose act it was: an operator's (operator_id), a borrower's (user_id), or the system's.
 */
export async function searchAudit(db: Database, query: AuditQuery) {
  const where = auditWhere(query);
  const cursor = query.cursor === undefined || query.cursor === '' ? null : Number(query.cursor);
  if (cursor !== null && (!Number.isSafeInteger(cursor) || cursor <= 0)) {
    throw new ApiError(RSP.INVALID_INPUT, '分页游标无效，请从第一页重新查询');
  }
  const limit = query.limit ?? 20;
  if (cursor !== null) where.push(lt(auditLog.id, cursor));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(entryOf),
    nextCursor: rows.length > limit ? String(page[page.length - 1]?.id) : null,
  };
}

/** At most this many entries go into one export: a narrower search gets the rest. */
export const AUDIT_EXPORT_MAX = 10_000;

/** The entries of a search for its export, newest first; refused when there are more than AUDIT_EXPORT_MAX. */
export async function auditForExport(db: Database, query: AuditQuery): Promise<AuditRow[]> {
  const where = auditWhere(query);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX + 1);
  if (rows.length > AUDIT_EXPORT_MAX) {
    throw new ApiError(
      RSP.INVALID_INPUT,
      `符合条件的记录超过 ${AUDIT_EXPORT_MAX} 条，请缩小时间范围或加上动作、账号条件后再导出`,
    );
  }
  return rows;
}
