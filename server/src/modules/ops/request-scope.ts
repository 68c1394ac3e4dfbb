import { RSP } from '@loan/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OpsRequestRow, refundApplications, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isBorrowerInScope, type ScopedOperator } from './data-scope.ts';

type RequestAbout = Pick<OpsRequestRow, 'subject' | 'payload'>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The borrowers (user ids) a request is about, from its subject (`borrower:<loginId>`, `refund:<no>`) and its
 * payload (`userId`, `loginId`, `loginIds`); none for a request about no borrower (an operator's roles).
 */
export async function borrowersOfRequest(db: Database, row: RequestAbout): Promise<number[]> {
  const ids = new Set<number>();
  const { subject, payload } = row;
  if (typeof payload.userId === 'number' && Number.isSafeInteger(payload.userId)) ids.add(payload.userId);
  const loginIds = [...strings(payload.loginIds), ...strings([payload.loginId])];
  if (subject.startsWith('borrower:')) loginIds.push(subject.slice('borrower:'.length));
  if (loginIds.length > 0) {
    const rows = await db.select({ id: users.id }).from(users).where(inArray(users.loginId, loginIds));
    for (const r of rows) ids.add(r.id);
  }
  if (subject.startsWith('refund:')) {
    const [refund] = await db
      .select({ userId: refundApplications.userId })
      .from(refundApplications)
      .where(eq(refundApplications.refundNo, subject.slice('refund:'.length)))
      .limit(1);
    if (refund) ids.add(refund.userId);
  }
  return [...ids];
}

/** Whether every borrower the request is about is in the operator's data scope (always, for an unscoped one). */
export async function isRequestInScope(db: Database, operator: ScopedOperator, row: RequestAbout) {
  if (operator.bankScope === null) return true;
  for (const userId of await borrowersOfRequest(db, row)) {
    if (!(await isBorrowerInScope(db, operator, userId))) return false;
  }
  return true;
}

/** A checker may not see or decide a request about a borrower out of their scope: it answers as an unknown one. */
export async function assertRequestInScope(
  db: Database,
  operator: ScopedOperator,
  row: RequestAbout,
): Promise<void> {
  if (!(await isRequestInScope(db, operator, row))) throw new ApiError(RSP.OPS_REQUEST_NOT_FOUND);
}

/** The lines of a list whose requests are in the operator's scope (all of them for an unscoped operator). */
export async function requestsInScope<L extends { request: RequestAbout }>(
  db: Database,
  operator: ScopedOperator,
  lines: L[],
): Promise<L[]> {
  if (operator.bankScope === null) return lines;
  const kept: L[] = [];
  for (const line of lines) if (await isRequestInScope(db, operator, line.request)) kept.push(line);
  return kept;
}
