import { randomInt } from 'node:crypto';
import { CODE_REFUSALS, type CodeRefusal, RSP } from '@loan/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CodePurpose, verificationCodes } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { safeEqual, sha256Hex } from '../../lib/tokens.ts';
import { countSend, releaseTry, reserveTry } from './daily-caps.ts';

/**
 * Verification codes: 6 digits, 10-minute life, 5 tries, 60 s between sends, single-use; per target and
 * Shanghai day at most 10 sends and 20 wrong tries (daily-caps.ts).
 */
export const CODE_RULES = {
  lifeMs: 10 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
} as const;

function codeHash(purpose: CodePurpose, target: string, code: string): string {
  return sha256Hex(`${purpose}:${target}:${code}`);
}

export interface CodeTarget {
  purpose: CodePurpose;
  /** lowercased login id or phone */
  target: string;
}

/**
 * A new code for the target; earlier unused codes of the target stop working.
 * Refused (2009) within 60 s of the previous send, and (2013) after the day's 10th send. Called for unknown
 * targets too (the code is then simply not sent), so both answer alike.
 */
export async function issueCode(db: Database, { purpose, target }: CodeTarget, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // one sender per target at a time, on PGlite and PostgreSQL alike
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${target}`}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < CODE_RULES.resendMs) {
      throw new ApiError(RSP.CODE_SENT_TOO_OFTEN);
    }
    await countSend(tx, purpose, target, now);
    await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.target, target),
          isNull(verificationCodes.usedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      purpose,
      target,
      codeHash: codeHash(purpose, target, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_RULES.lifeMs),
    });
  });
  return code;
}

/** What checking a code found: 'OK' (used up now) or why it is refused. */
export type CodeCheck = 'OK' | CodeRefusal;

/** The 2003 refusal saying why. */
export function codeRefused(reason: CodeRefusal): ApiError {
  return new ApiError(RSP.BAD_CODE, CODE_REFUSALS[reason]);
}

/**
 * Checks a code against the target's live code and uses it up when it matches. A wrong code costs one
 * of the 5 tries and of the day's 20 (over those: 2014, even with the right code). Run it inside the transaction
 * that acts on success; the tries it counts are committed by the caller even when the code is wrong (the caller
 * returns, it does not throw, in that case, then answers `codeRefused(reason)`). Why a code is refused: WRONG
 * (tries left), EXPIRED (past its 10 minutes), TOO_MANY (its 5 tries used), SPENT (none live: used, replaced or
 * never sent).
 */
export async function consumeCode(
  db: Database,
  { purpose, target }: CodeTarget,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const [live] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live) return 'SPENT';
  if (live.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (live.attempts >= CODE_RULES.maxAttempts) return 'TOO_MANY';
  await reserveTry(db, purpose, target, now);
  if (!safeEqual(live.codeHash, codeHash(purpose, target, code))) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, live.id));
    return 'WRONG';
  }
  await releaseTry(db, purpose, target, now);
  await db.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, live.id));
  return 'OK';
}
