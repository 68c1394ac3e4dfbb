import { and, isNull, lt, or } from 'drizzle-orm';
import { purgeSandboxOutbox } from '../../adapters/outbox/sandbox.ts';
import type { Database } from '../../db/client.ts';
import { directLoginNonces, loginFailures, sessions, verificationCodes } from '../../db/schema.ts';
import { purgeRateLimitHits } from '../../lib/rate-limit-store.ts';
import { LOCKOUT } from '../auth/lockout.ts';
import { purgeDailyCounts } from '../codes/daily-caps.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long spent rows are kept before they are deleted. The audit log is never purged: it is the record of
 * who did what, and it does not depend on these rows.
 */
export const RETENTION = {
  /** ended sessions (expired, revoked or idle) stay this long for investigations */
  endedSessionsMs: 30 * DAY,
  /** used or expired verification codes */
  codesMs: 1 * DAY,
} as const;

export interface PurgeCounts {
  sessions: number;
  codes: number;
  nonces: number;
  loginFailures: number;
  /** per-IP counters whose window has ended */
  rateLimitHits: number;
  /** daily code counters of days before yesterday */
  codeDailyCounts: number;
  /** sandbox SMS/e-mail older than a code's life (they carry verification codes) */
  sandboxOutbox: number;
}

/** Deletes what can no longer matter; returns how many rows of each kind went. */
export async function purgeExpired(db: Database, now: Date): Promise<PurgeCounts> {
  const sessionsBefore = new Date(now.getTime() - RETENTION.endedSessionsMs);
  const codesBefore = new Date(now.getTime() - RETENTION.codesMs);
  const failureWindowStart = new Date(now.getTime() - LOCKOUT.windowMs);

  const deletedSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sessionsBefore),
        lt(sessions.revokedAt, sessionsBefore),
        lt(sessions.lastSeenAt, sessionsBefore),
      ),
    )
    .returning({ id: sessions.tokenHash });
  const deletedCodes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, codesBefore))
    .returning({ id: verificationCodes.id });
  // a nonce only has to outlive its ticket: after that the ticket is refused as expired anyway
  const deletedNonces = await db
    .delete(directLoginNonces)
    .where(lt(directLoginNonces.expiresAt, now))
    .returning({ id: directLoginNonces.nonce });
  // a failure counter outside its window that does not hold a lock counts for nothing
  const deletedFailures = await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.firstFailureAt, failureWindowStart),
        or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
      ),
    )
    .returning({ id: loginFailures.loginId });

  return {
    sessions: deletedSessions.length,
    codes: deletedCodes.length,
    nonces: deletedNonces.length,
    loginFailures: deletedFailures.length,
    rateLimitHits: await purgeRateLimitHits(db, now),
    codeDailyCounts: await purgeDailyCounts(db, now),
    sandboxOutbox: await purgeSandboxOutbox(db, now),
  };
}

/** How often the background jobs purge (server/src/jobs). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;
