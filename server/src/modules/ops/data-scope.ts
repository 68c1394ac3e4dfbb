import { type BankScope, RSP } from '@loan/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { applications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * 数据范围, the one rule: a borrower is in an operator's scope when the scope is all (null: every role left
 * unscoped, the default roles) or the borrower has at least one application at a bank of the scope. Lists filter
 * with `borrowerInScope`; a route given an id asks `assertBorrowerInScope`, which answers an out-of-scope borrower
 * with the route's own not-found error, so that an id out of scope cannot be told from one that does not exist.
 *
 * Deliberately not scoped (admin and whole-book work): reports, the audit search and export, partner calls,
 * operator administration and coupon templates. The watch queues (待处理事项) are scoped: they list borrowers.
 */
export interface ScopedOperator {
  bankScope: BankScope;
}

/**
 * The SQL condition "the borrower of this user id column is in scope", for a list's where clause; undefined for
 * an unscoped operator (and() leaves it out). The outer query must not alias `applications`.
 */
export function borrowerInScope(operator: ScopedOperator, userId: AnyPgColumn | SQL): SQL | undefined {
  const scope = operator.bankScope;
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from ${applications} where ${and(
    eq(applications.userId, userId),
    inArray(applications.bank, [...scope]),
  )})`;
}

/** Whether this borrower (by user id) is in the operator's scope: no query for an unscoped operator. */
export async function isBorrowerInScope(
  db: Database,
  operator: ScopedOperator,
  userId: number,
): Promise<boolean> {
  const scope = operator.bankScope;
  if (scope === null) return true;
  if (scope.length === 0) return false;
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), inArray(applications.bank, [...scope])))
    .limit(1);
  return row !== undefined;
}

/**
 * A route that takes a borrower (or something of theirs) by id: refused with `notFound` (the route's answer to
 * an unknown id; the borrower's 2313 unless given) when the borrower is out of the operator's scope.
 */
export async function assertBorrowerInScope(
  db: Database,
  operator: ScopedOperator,
  userId: number,
  notFound: () => ApiError = borrowerNotFound,
): Promise<void> {
  if (!(await isBorrowerInScope(db, operator, userId))) throw notFound();
}

/** The console's answer for a login id it does not know (or may not show). */
export const borrowerNotFound = () => new ApiError(RSP.OPS_BORROWER_NOT_FOUND);

/** The refund routes' answer for a refund number they do not know (or may not show). */
export const refundNotFound = () => new ApiError(RSP.REFUND_NOT_FOUND);
