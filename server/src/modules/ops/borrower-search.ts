import { maskName, RSP } from '@loan/domain';
import { and, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loanCertifications, loginFailures, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { lookupHash } from '../../lib/lookup-hash.ts';
import { addressKey, borrowerOfLockKey, normalizeLoginId } from '../auth/lockout.ts';
import { borrowerInScope, type ScopedOperator } from './data-scope.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The login ids of these borrowers that a sign-in lock holds now (the whole id, or one of its addresses), for the
 * console's 已锁定 and 解除锁定.
 */
export async function lockedLoginIds(
  db: AppContext['db'],
  loginIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const keys = loginIds.flatMap((id) => [
    eq(loginFailures.loginId, id),
    sql`starts_with(${loginFailures.loginId}, ${addressKey(id, '')})`,
  ]);
  const rows = await db
    .select({ key: loginFailures.loginId })
    .from(loginFailures)
    .where(and(gt(loginFailures.lockedUntil, now), or(...keys)));
  return new Set(rows.map((r) => borrowerOfLockKey(r.key)).filter((id): id is string => id !== null));
}

/**
 * Borrowers by what a caller gives support: the login id (exact or its beginning), the phone or the e-mail
 * (through their keyed lookup hashes: never a scan of sealed values), the USCC, or part of the company's name.
 * Only borrowers in the operator's data scope; at most 20, personal data masked.
 */
export async function searchBorrowers(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  operator: ScopedOperator,
  raw: string,
) {
  const q = raw.trim();
  if (q.length < 2)
    throw new ApiError(
      RSP.INVALID_INPUT,
      '请输入至少 2 个字符：登录账号、手机号、邮箱、统一社会信用代码或企业名称',
    );
  const conditions: SQL[] = [eq(users.loginId, normalizeLoginId(q))];
  if (/^[a-z0-9_.-]+$/i.test(q)) conditions.push(ilike(users.loginId, `${escapeLike(normalizeLoginId(q))}%`));
  if (/^1\d{10}$/.test(q))
    conditions.push(eq(users.phoneHash, lookupHash(ctx.config.piiLookupKey, 'phone', q)));
  if (q.includes('@')) conditions.push(eq(users.emailHash, lookupHash(ctx.config.piiLookupKey, 'email', q)));
  if (/^[0-9A-Z]{18}$/i.test(q)) conditions.push(eq(loanCertifications.uscc, q.toUpperCase()));
  if (/[\u4e00-\u9fff]/.test(q)) conditions.push(ilike(loanCertifications.companyName, `%${escapeLike(q)}%`));
  const rows = await ctx.db
    .select({
      loginId: users.loginId,
      name: users.userNameCn,
      disabled: users.disabled,
      companyName: loanCertifications.companyName,
      uscc: loanCertifications.uscc,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(loanCertifications, eq(loanCertifications.userId, users.id))
    .where(and(or(...conditions), borrowerInScope(operator, users.id)))
    .orderBy(users.loginId)
    .limit(20);
  const locked = await lockedLoginIds(
    ctx.db,
    rows.map((r) => r.loginId),
    ctx.now(),
  );
  return rows.map((row) => ({
    loginId: row.loginId,
    name: maskName(row.name),
    companyName: row.companyName,
    uscc: row.uscc,
    disabled: row.disabled,
    locked: locked.has(row.loginId),
    createdAt: row.createdAt.toISOString(),
  }));
}
