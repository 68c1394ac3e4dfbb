import { OPS_IDLE_MINUTES } from '@loan/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type OperatorRow, operatorSessions, operators } from '../../db/schema.ts';
import { newSessionToken, sha256Hex } from '../../lib/tokens.ts';

const MINUTE = 60_000;
/** the password step's challenge lives this long */
export const CHALLENGE_MS = 5 * MINUTE;
/** a console session ends after 15 minutes without a call, and after 12 hours in any case */
export const OPS_IDLE_MS = OPS_IDLE_MINUTES * MINUTE;
const OPS_ABSOLUTE_MS = 12 * 60 * MINUTE;
/** wrong codes a challenge takes before it ends */
export const MAX_WRONG_CODES = 5;
const TOUCH_EVERY_MS = MINUTE;

type Stage = 'PASSWORD' | 'ACTIVE';

async function insertSession(
  db: Database,
  operatorId: number,
  stage: Stage,
  meta: RequestMeta,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(operatorSessions).values({
    tokenHash: sha256Hex(token),
    operatorId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (stage === 'PASSWORD' ? CHALLENGE_MS : OPS_ABSOLUTE_MS)),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** After the password: a challenge that can only finish the second factor. */
export function startChallenge(db: Database, operatorId: number, meta: RequestMeta, now: Date) {
  return insertSession(db, operatorId, 'PASSWORD', meta, now);
}

export interface OpsSession {
  tokenHash: string;
  stage: Stage;
  wrongCodes: number;
  operator: OperatorRow;
}

/** The live session (or challenge) of a token: not revoked, not idle 15 minutes, not past its end. */
export async function findOpsSession(
  db: Database,
  token: string,
  stage: Stage,
  now: Date,
): Promise<OpsSession | null> {
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        eq(operatorSessions.stage, stage),
        isNull(operatorSessions.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const t = now.getTime();
  if (row.session.expiresAt.getTime() <= t) return null;
  if (stage === 'ACTIVE' && row.session.lastSeenAt.getTime() + OPS_IDLE_MS <= t) return null;
  if (stage === 'ACTIVE' && t - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(eq(operatorSessions.tokenHash, tokenHash));
  }
  return { tokenHash, stage: row.session.stage, wrongCodes: row.session.wrongCodes, operator: row.operator };
}

/**
 * The second factor was right: the challenge ends (once: a second use of it finds nothing) and a console session
 * starts with a new token. Null when the challenge was used or ended meanwhile.
 */
export async function promoteChallenge(
  db: Database,
  challenge: OpsSession,
  meta: RequestMeta,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.tokenHash, challenge.tokenHash), isNull(operatorSessions.revokedAt)))
      .returning({ tokenHash: operatorSessions.tokenHash });
    if (ended.length === 0) return null;
    return insertSession(tx, challenge.operator.id, 'ACTIVE', meta, now);
  });
}

/** A wrong code on a challenge; the fifth ends it. Returns whether the challenge still stands. */
export async function countWrongCode(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(operatorSessions)
    .set({
      wrongCodes: sql`${operatorSessions.wrongCodes} + 1`,
      revokedAt: sql`case when ${operatorSessions.wrongCodes} + 1 >= ${MAX_WRONG_CODES} then ${now}::timestamptz
        else ${operatorSessions.revokedAt} end`,
    })
    .where(eq(operatorSessions.tokenHash, tokenHash))
    .returning({ revokedAt: operatorSessions.revokedAt });
  return row !== undefined && row.revokedAt === null;
}

export async function revokeOpsSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}
