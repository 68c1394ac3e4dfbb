import { RSP, shanghaiDate } from '@loan/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CodePurpose, codeDailyCounts } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Daily caps on verification codes, per code target (the phone of an SMS login, the login id of a
 * password reset — whose code goes to that account's phone or e-mail) and per Shanghai calendar day
 * (00:00 Asia/Shanghai starts a new day for everybody, so a refused user knows when to come back).
 */
const DAILY_CAPS = {
  sends: 10,
  wrongTries: 20,
} as const;

function capKey(purpose: CodePurpose, target: string): string {
  return `${purpose}:${target}`;
}

/** The two daily counters of a code target, each with its cap and the refusal once the cap is reached. */
const COUNTERS = {
  sends: { cap: DAILY_CAPS.sends, refusal: RSP.CODE_DAILY_SEND_LIMIT },
  wrongTries: { cap: DAILY_CAPS.wrongTries, refusal: RSP.CODE_DAILY_TRY_LIMIT },
} as const;

/** Adds one to a counter of the day in one statement, refusing when the cap is already reached (nothing counted). */
async function countUnderCap(
  db: Database,
  counter: keyof typeof COUNTERS,
  purpose: CodePurpose,
  target: string,
  now: Date,
): Promise<void> {
  const t = codeDailyCounts;
  const column = t[counter];
  const { cap, refusal } = COUNTERS[counter];
  const rows = await db
    .insert(t)
    .values({ key: capKey(purpose, target), day: shanghaiDate(now), [counter]: 1 })
    .onConflictDoUpdate({
      target: [t.key, t.day],
      set: { [counter]: sql`${column} + 1` },
      setWhere: sql`${column} < ${cap}`,
    })
    .returning({ count: column });
  if (rows.length === 0) throw new ApiError(refusal);
}

/**
 * Counts one send for the day, refusing (2013) when the day's cap is already reached: a refused send is
 * not counted. One statement: concurrent sends cannot both take the last one.
 */
export const countSend = (db: Database, purpose: CodePurpose, target: string, now: Date) =>
  countUnderCap(db, 'sends', purpose, target, now);

/**
 * Reserves one try of a code before it is compared, refusing (2014) once the day holds 20 wrong tries,
 * whichever codes they were made on. A wrong code keeps its reservation; the right one calls
 * `releaseTry`.
 */
export const reserveTry = (db: Database, purpose: CodePurpose, target: string, now: Date) =>
  countUnderCap(db, 'wrongTries', purpose, target, now);

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
    .where(and(eq(t.key, capKey(purpose, target)), eq(t.day, shanghaiDate(now))));
}

/** Days before yesterday (Shanghai) count for nothing. */
export async function purgeDailyCounts(db: Database, now: Date): Promise<number> {
  const yesterday = shanghaiDate(new Date(now.getTime() - 24 * 60 * 60_000));
  const deleted = await db
    .delete(codeDailyCounts)
    .where(lt(codeDailyCounts.day, yesterday))
    .returning({ key: codeDailyCounts.key });
  return deleted.length;
}
