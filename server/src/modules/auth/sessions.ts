import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema.ts';
import { newSessionToken, sha256Hex } from '../../lib/tokens.ts';

const MINUTE = 60_000;
/** last_seen_at is written at most once a minute */
const TOUCH_EVERY_MS = MINUTE;

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export function sessionLifetimes(config: Config): SessionLifetimes {
  return {
    idleMs: config.sessionIdleMinutes * MINUTE,
    absoluteMs: config.sessionAbsoluteHours * 60 * MINUTE,
  };
}

/** Starts a session; returns the token (only its sha256 is stored). */
export async function createSession(
  db: Database,
  userId: number,
  meta: RequestMeta,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetimes.absoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
}

/** The session lookup runs on every authenticated call: built once per database, as a prepared statement. */
function prepareLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup');
}

const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

function lookup(db: Database) {
  let prepared = lookups.get(db);
  if (!prepared) {
    prepared = prepareLookup(db);
    lookups.set(db, prepared);
  }
  return prepared;
}

/** The live session of a token (not revoked, not idle too long, not past its absolute end), or null. */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<ActiveSession | null> {
  const tokenHash = sha256Hex(token);
  const [row] = await lookup(db).execute({ tokenHash });
  if (!row) return null;
  const t = now.getTime();
  if (row.session.expiresAt.getTime() <= t) return null;
  if (row.session.lastSeenAt.getTime() + lifetimes.idleMs <= t) return null;
  if (t - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { tokenHash, user: row.user };
}

export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * A session's reference in the audit log: its sign-in row carries it, so the security list can mark 当前设备.
 * Derived from the token's hash, and not that hash: the log holds nothing that finds a session.
 */
export function sessionRef(tokenHash: string): string {
  return sha256Hex(`session-ref:${tokenHash}`).slice(0, 24);
}
