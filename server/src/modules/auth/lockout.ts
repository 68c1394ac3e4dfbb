import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/**
 * 5 wrong passwords on one login id from one client address within 15 minutes lock that address out of it for
 * 15 minutes (sign-in: addressKey; change-password: modifyPwdKey). Other addresses are only slowed down
 * (account-throttle.ts).
 */
export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/** Login ids are compared lowercased (and so are the failure counters, known account or not). */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

/** The counter of wrong old passwords on change-password (login ids never hold a colon). */
export function modifyPwdKey(loginId: string): string {
  return `modifyPwd:${loginId}`;
}

/** The counter of wrong passwords on a login id from one client address (login ids never hold a colon). */
export function addressKey(loginId: string, ip: string): string {
  return `ip:${loginId}:${ip}`;
}

/**
 * The borrower's login id a lock key holds (the whole id, one of its addresses, or its change-password counter),
 * or null for any other key (the slow-down, the console's operators).
 */
export function borrowerOfLockKey(key: string): string | null {
  if (key.startsWith('ip:')) return key.split(':')[1] ?? null;
  if (key.startsWith('modifyPwd:')) return key.slice('modifyPwd:'.length);
  return key.includes(':') ? null : key;
}

export async function lockedUntil(db: Database, key: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.loginId, key));
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

export type Reservation =
  | { admitted: true; windowStart: Date }
  /** `lockedNow`: this reservation went over the limit and set the lock */
  | { admitted: false; lockedUntil: Date; lockedNow: boolean };

/**
 * Reserves one password attempt before the password is verified, in one statement: refused while a lock
 * holds, and refused when settled failures plus attempts in flight would go over 5 in the window — an
 * over-the-limit burst then sets the 15-minute lock itself. A counter whose window has passed (or whose
 * lock has ended) starts again. An admitted attempt must be settled: `settleFailure` or `releaseAttempt`.
 */
export async function reserveAttempt(db: Database, key: string, now: Date): Promise<Reservation> {
  const t = loginFailures;
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  const lockEnd = new Date(now.getTime() + LOCKOUT.lockMs);
  const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
  const stale = sql`(${t.firstFailureAt} <= ${windowStart} or ${t.lockedUntil} is not null)`;
  const over = sql`(${t.failures} + ${t.pending} + 1 > ${LOCKOUT.maxFailures})`;
  const [row] = await db
    .insert(t)
    .values({ loginId: key, failures: 0, pending: 1, firstFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.loginId,
      set: {
        failures: sql`case when ${locked} then ${t.failures} when ${stale} then 0 else ${t.failures} end`,
        pending: sql`case when ${locked} then ${t.pending} when ${stale} then 1
          when ${over} then ${t.pending} else ${t.pending} + 1 end`,
        firstFailureAt: sql`case when ${locked} then ${t.firstFailureAt} when ${stale} then ${now}::timestamptz
          else ${t.firstFailureAt} end`,
        lockedUntil: sql`case when ${locked} then ${t.lockedUntil} when ${stale} then null
          when ${over} then ${lockEnd}::timestamptz else null end`,
      },
    })
    .returning({
      lockedUntil: t.lockedUntil,
      firstFailureAt: t.firstFailureAt,
      // true when this statement set the lock (it was not held before): read from the new row
      lockedAt: sql<boolean>`${t.lockedUntil} = ${lockEnd}::timestamptz`,
    });
  if (!row) throw new Error('login_failures upsert returned no row');
  if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
    return { admitted: false, lockedUntil: row.lockedUntil, lockedNow: row.lockedAt };
  }
  return { admitted: true, windowStart: row.firstFailureAt };
}

/**
 * The reserved attempt was a wrong password: it stays counted as a failure, and the 5th in the window
 * sets the 15-minute lock. Returns the end of the lock that holds after it (set now or by a concurrent
 * burst), or null.
 */
export async function settleFailure(
  db: Database,
  key: string,
  reservation: { windowStart: Date },
  now: Date,
): Promise<Date | null> {
  const t = loginFailures;
  const lockEnd = new Date(now.getTime() + LOCKOUT.lockMs);
  const sameWindow = sql`${t.firstFailureAt} = ${reservation.windowStart}::timestamptz`;
  const failures = sql`case when ${sameWindow} then ${t.failures} + 1 else ${t.failures} end`;
  const free = sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${now})`;
  const [row] = await db
    .update(t)
    .set({
      failures,
      pending: sql`case when ${sameWindow} then greatest(${t.pending} - 1, 0) else ${t.pending} end`,
      lockedUntil: sql`case when ${free} and (${failures}) >= ${LOCKOUT.maxFailures} then ${lockEnd}::timestamptz
        else ${t.lockedUntil} end`,
    })
    .where(eq(t.loginId, key))
    .returning({ lockedUntil: t.lockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

/**
 * The reserved attempt was the right password: its own reservation is released and the settled failures
 * of the window are forgotten, unless a lock holds — a lock that a concurrent burst earned stays.
 */
export async function releaseAttempt(
  db: Database,
  key: string,
  reservation: { windowStart: Date },
  now: Date,
): Promise<void> {
  const t = loginFailures;
  const sameWindow = sql`${t.firstFailureAt} = ${reservation.windowStart}::timestamptz`;
  const free = sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${now})`;
  await db
    .update(t)
    .set({
      pending: sql`case when ${sameWindow} then greatest(${t.pending} - 1, 0) else ${t.pending} end`,
      failures: sql`case when ${free} then 0 else ${t.failures} end`,
    })
    .where(eq(t.loginId, key));
}

/** Locks the key until `lockEnd` (change-password locks sign-in this way); a longer lock stays. */
export async function lockUntil(db: Database, key: string, lockEnd: Date, now: Date): Promise<void> {
  const t = loginFailures;
  await db
    .insert(t)
    .values({
      loginId: key,
      failures: LOCKOUT.maxFailures,
      pending: 0,
      firstFailureAt: now,
      lockedUntil: lockEnd,
    })
    .onConflictDoUpdate({
      target: t.loginId,
      set: {
        lockedUntil: sql`greatest(coalesce(${t.lockedUntil}, ${lockEnd}::timestamptz), ${lockEnd}::timestamptz)`,
      },
    });
}

/**
 * Forgets the sign-in and change-password counters, locks and slow-down of a login id, from every address
 * (password reset, operator).
 */
export async function clearFailures(db: Database, loginId: string): Promise<number> {
  const t = loginFailures;
  const removed = await db
    .delete(t)
    .where(
      or(
        eq(t.loginId, loginId),
        eq(t.loginId, modifyPwdKey(loginId)),
        eq(t.loginId, `slow:${loginId}`),
        sql`starts_with(${t.loginId}, ${addressKey(loginId, '')})`,
      ),
    )
    .returning({ key: t.loginId });
  return removed.length;
}
