import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { leanPrepared } from '../../db/lean-select.ts';
import { sessions, type UserRow, users } from '../../db/schema.ts';
import { newSessionToken, sha256Hex } from '../../lib/tokens.ts';
import type { SessionCache } from './session-cache.ts';

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
  /** what the route's SessionView read in the same statement (empty without one) */
  extras: Record<string, unknown>;
}

/**
 * What a route reads with its session, in the session's own statement: one round trip for the call. `columns`
 * may use the placeholder `now` (the request's time). Each view is prepared once per database, under its name.
 */
export interface SessionView {
  name: string;
  columns: Record<string, SQL>;
  /**
   * When the view's reading changes by time alone (ms since the epoch, by the `now` placeholder; null: never): a
   * cached lookup answers only before it (session-cache.ts). A view whose columns read `now` must say it.
   */
  changesAt?: SQL<number | null>;
}

const PLAIN: SessionView = { name: 'session_lookup', columns: {} };

interface LookupRow {
  session: { lastSeenAt: Date; expiresAt: Date };
  user: UserRow;
  changesAt?: number | string | null;
  [extra: string]: unknown;
}

/**
 * The session lookup runs on every authenticated call: built once per database and view, prepared, its rows
 * mapped by a mapper built for its fields (lean-select.ts).
 */
function prepareLookup(db: Database, view: SessionView, cached: boolean) {
  const query = db
    .select({
      session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
      user: users,
      ...view.columns,
      // only what the cache keeps needs the view's next change (a sub-select PGlite would pay for on every call)
      ...(cached && view.changesAt ? { changesAt: view.changesAt } : {}),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1);
  return leanPrepared<LookupRow>(db, cached ? `${view.name}_cached` : view.name, query);
}

const lookups = new WeakMap<Database, Map<string, ReturnType<typeof prepareLookup>>>();

function lookup(db: Database, view: SessionView, cached: boolean) {
  let byView = lookups.get(db);
  if (!byView) {
    byView = new Map();
    lookups.set(db, byView);
  }
  const key = cached ? `${view.name}_cached` : view.name;
  let prepared = byView.get(key);
  if (!prepared) {
    prepared = prepareLookup(db, view, cached);
    byView.set(key, prepared);
  }
  return prepared;
}

/**
 * last_seen_at writes under way in this process, by token hash. The write is not awaited by the request that
 * starts it; the next lookup of the same session here waits for it (so the idle clock never reads older than the
 * request before), and a second request in the same minute starts none.
 */
const touching = new Map<string, Promise<void>>();

function touch(db: Database, tokenHash: string, now: Date, written?: () => void): void {
  if (touching.has(tokenHash)) return;
  const write = db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(eq(sessions.tokenHash, tokenHash))
    .then(
      () => written?.(),
      // a lost touch only leaves the idle clock where it was: the next request writes it again
      () => {},
    )
    .finally(() => touching.delete(tokenHash));
  touching.set(tokenHash, write);
}

/** The live session of a token (not revoked, not idle too long, not past its absolute end), or null. */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
  lifetimes: SessionLifetimes,
  view: SessionView = PLAIN,
  cache: SessionCache | null = null,
): Promise<ActiveSession | null> {
  const tokenHash = sha256Hex(token);
  const t = now.getTime();
  const key = `${view.name}:${tokenHash}`;
  const cached = cache?.get(key, t, lifetimes.idleMs);
  if (cached) {
    if (t - cached.lastSeenAt >= TOUCH_EVERY_MS) touch(db, tokenHash, now, () => cache?.touched(key, t));
    return { tokenHash, user: cached.user, extras: cached.extras };
  }
  const pending = touching.get(tokenHash);
  if (pending) await pending;
  const mark = cache?.begin() ?? null;
  const [row] = await lookup(db, view, cache !== null).execute({ tokenHash, now });
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= t) return null;
  if (row.session.lastSeenAt.getTime() + lifetimes.idleMs <= t) return null;
  const { session, user, changesAt, ...extras } = row;
  // stored as read: the entry's idle end moves only once the touch is written
  cache?.store(key, mark, {
    tokenHash,
    user,
    extras,
    lastSeenAt: session.lastSeenAt.getTime(),
    expiresAt: session.expiresAt.getTime(),
    readAt: t,
    changesAt: changesAt === null || changesAt === undefined ? null : Number(changesAt),
  });
  if (t - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    touch(db, tokenHash, now, () => cache?.touched(key, t));
  }
  return { tokenHash, user, extras };
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
