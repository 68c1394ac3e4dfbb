import { RSP } from '@loan/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CodePurpose, codeDailyCounts } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Daily caps on verification codes, per code target (the phone of an SMS login, the login id of a
 * password reset — whose code goes to that account's phone or e-mail) and per Shanghai calendar day
 * (00:00 Asia/Shanghai starts a new day for everybody, so a refused user knows when to come back).
 */
export const DAILY_CAPS = {
  sends: 10,
  wrongTries: 20,
} as const;

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

/** "YYYY-MM-DD" of the Shanghai calendar day (UTC+8, no daylight saving) that holds `now`. */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

function capKey(purpose: CodePurpose, target: string): string {
  return `${purpose}:${target}`;
}

/**
 * Counts one send for the day, refusing (2013) when the day's cap is already reached: a refused send is
 * not counted. One statement: concurrent sends cannot both take the last one.
 */
export async function countSend(
  db: Database,
  purpose: CodePurpose,
  target: string,
  now: Date,
): Promise<void> {
  const t = codeDailyCounts;
  const rows = await db
    .insert(t)
    .values({ key: capKey(purpose, target), day: shanghaiDay(now), sends: 1 })
    .onConflictDoUpdate({
      target: [t.key, t.day],
      set: { sends: sql`${t.sends} + 1` },
      setWhere: sql`${t.sends} < ${DAILY_CAPS.sends}`,
    })
    .returning({ sends: t.sends });
  if (rows.length === 0) throw new ApiError(RSP.CODE_DAILY_SEND_LIMIT);
}

/**
 * Reserves one try of a code before it is compared, refusing (2014) once the day holds 20 wrong tries,
 * whichever codes they were made on. A wrong code keeps its reservation; the right one calls
 * `releaseTry`.
 */
export async function reserveTry(
  db: Database,
  purpose: CodePurpose,
  target: string,
  now: Date,
): Promise<void> {
  const t = codeDailyCounts;
  const rows = await db
    .insert(t)
    .values({ key: capKey(purpose, target), day: shanghaiDay(now), wrongTries: 1 })
    .onConflictDoUpdate({
      target: [t.key, t.day],
      set: { wrongTries: sql`${t.wrongTries} + 1` },
      setWhere: sql`${t.wrongTries} < ${DAILY_CAPS.wrongTries}`,
    })
    .returning({ wrongTries: t.wrongTries });
  if (rows.length === 0) throw new ApiError(RSP.CODE_DAILY_TRY_LIMIT);
}

/** The reserved try was the right code: it does not count as a wrong one. */
export async function releaseTry(
  db: Database,
  purpose: CodePurpose,
  target: string,
  now: Date,
): Promise<void> {
  const t = codeDailyCounts;
  await db
    .update(t)
    .set({ wrongTries: sql`greatest(${t.wrongTries} - 1, 0)` })
    .where(and(eq(t.key, capKey(purpose, target)), eq(t.day, shanghaiDay(now))));
}

/** Days before yesterday (Shanghai) count for nothing. */
export async function purgeDailyCounts(db: Database, now: Date): Promise<number> {
  const yesterday = shanghaiDay(new Date(now.getTime() - 24 * 60 * 60_000));
  const deleted = await db
    .delete(codeDailyCounts)
    .where(lt(codeDailyCounts.day, yesterday))
    .returning({ key: codeDailyCounts.key });
  return deleted.length;
}
