import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/**
 * The slow-down of one login id for every client address (OWASP: throttle rather than lock an account that
 * anyone can name). The first `freeFailures` wrong passwords cost nothing; from then on each try must wait
 * after the last: `firstDelayMs`, doubling with each further wrong password, at most `maxDelayMs`. Wrong
 * passwords are counted while they come within `quietMs` of each other; a right one forgets them. The row
 * (key `slow:<login id>`) keeps the count in `failures`, the last wrong password in `firstFailureAt` and the
 * time the next try may come in `lockedUntil`.
 */
export const ACCOUNT_THROTTLE = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  quietMs: 15 * 60_000,
} as const;

export const throttleKey = (loginId: string) => `slow:${loginId}`;

/** The wait after the n-th wrong password in a row (0 before the free ones are spent). */
export function throttleDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = ACCOUNT_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelayMs * 2 ** Math.min(failures - freeFailures, 30), maxDelayMs);
}

/** SQL of the wait after `failures` wrong passwords, in milliseconds (as throttleDelayMs). */
const delaySql = (failures: unknown) => {
  const { freeFailures, firstDelayMs, maxDelayMs } = ACCOUNT_THROTTLE;
  return sql`case when ${failures} < ${freeFailures} then 0 else least(${firstDelayMs}::float8 *
    power(2, least(${failures} - ${freeFailures}, 30)), ${maxDelayMs}) end`;
};

export type Turn = { admitted: true } | { admitted: false; waitMs: number };

/**
 * Takes the login id's turn before a password is verified, in one statement: refused while the wait after the
 * last wrong password runs; once the free tries are spent an admitted try pushes the next turn on by the wait
 * it would earn, so a burst from many addresses gets one verdict per wait.
 */
export async function takeTurn(db: Database, loginId: string, now: Date): Promise<Turn> {
  const t = loginFailures;
  const key = throttleKey(loginId);
  const quietSince = new Date(now.getTime() - ACCOUNT_THROTTLE.quietMs);
  const stale = sql`(${t.firstFailureAt} <= ${quietSince})`;
  const next = sql`${now}::timestamptz + (${delaySql(sql`${t.failures} + 1`)}) * interval '1 millisecond'`;
  await db
    .insert(t)
    .values({ loginId: key, failures: 0, pending: 0, firstFailureAt: now, lockedUntil: null })
    .onConflictDoNothing();
  // a concurrent try that took the turn first is seen here: its row no longer matches `where`
  const taken = await db
    .update(t)
    .set({
      failures: sql`case when ${stale} then 0 else ${t.failures} end`,
      lockedUntil: sql`case when ${stale} then null
        when ${t.failures} + 1 > ${ACCOUNT_THROTTLE.freeFailures} then ${next} else null end`,
    })
    .where(and(eq(t.loginId, key), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))))
    .returning({ key: t.loginId });
  if (taken.length > 0) return { admitted: true };
  const [row] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.loginId, key));
  const waitMs = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
  return waitMs > 0 ? { admitted: false, waitMs } : { admitted: true };
}

/** A wrong password: counted, and the next turn waits the longer delay it earns. */
export async function countWrongPassword(db: Database, loginId: string, now: Date): Promise<void> {
  const t = loginFailures;
  const failures = sql`${t.failures} + 1`;
  await db
    .update(t)
    .set({
      failures,
      firstFailureAt: now,
      lockedUntil: sql`case when ${failures} >= ${ACCOUNT_THROTTLE.freeFailures}
        then ${now}::timestamptz + (${delaySql(failures)}) * interval '1 millisecond' else null end`,
    })
    .where(eq(t.loginId, throttleKey(loginId)));
}

/** The right password: the login id's wrong passwords are forgotten. */
export async function forgetWrongPasswords(db: Database, loginId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.loginId, throttleKey(loginId)));
}
