import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** 5 wrong passwords on one login id within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/** Login ids are compared lowercased (and so are the failure counters, known account or not). */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export async function lockedUntil(db: Database, loginId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.loginId, loginId));
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

/**
 * Counts one wrong password, atomically. A counter whose window has passed (or whose lock has ended)
 * starts again at 1. Returns true when this failure locks the login id.
 */
export async function recordFailure(db: Database, loginId: string, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  const lockEnd = new Date(now.getTime() + LOCKOUT.lockMs);
  const stale = sql`(${loginFailures.firstFailureAt} <= ${windowStart} or ${loginFailures.lockedUntil} is not null)`;
  const failures = sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ loginId, failures: 1, firstFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginFailures.loginId,
      set: {
        failures,
        firstFailureAt: sql`case when ${stale} then ${now} else ${loginFailures.firstFailureAt} end`,
        lockedUntil: sql`case when (${failures}) >= ${LOCKOUT.maxFailures} then ${lockEnd}::timestamptz else null end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  return (row?.failures ?? 0) >= LOCKOUT.maxFailures;
}

export async function clearFailures(db: Database, loginId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.loginId, loginId));
}
