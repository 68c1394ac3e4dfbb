import { API } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { coupons, users } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { syncSessionViews } from '../src/modules/auth/session-view-sync.ts';
import {
  call,
  createTestApp,
  login,
  MINUTE,
  TEST_SESSION_CACHE_LEASE_MS,
  type TestApp,
} from './helpers/app.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { until } from './helpers/jobs.ts';

const onPostgres = workerDatabaseUrl() !== null;
const QUIET = { error: () => {}, warn: () => {} };

interface Info {
  couponsCount: number;
  paidMethod: string | null;
  userNameCn: string;
}

/** A series of /metrics (labels as Prometheus prints them), 0 when absent. */
async function metric(app: App, series: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const hits = (app: App) => metric(app, 'session_cache_lookups_total{result="hit"}');
const live = async (app: App) => (await metric(app, 'session_cache_live')) === 1;

async function info(app: App, token: string) {
  return call<Info>(app, 'GET', API.getUserInfo, undefined, { token });
}

describe.runIf(onPostgres)('the session cache on two servers (PostgreSQL)', () => {
  let t: TestApp;
  let secondHandle: DatabaseHandle;
  let b: App;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE: '1' } });
    secondHandle = await openDatabase({ databaseUrl: workerDatabaseUrl(), dataDir: null });
    b = await buildApp({
      config: t.config,
      db: secondHandle.db,
      now: t.clock.now,
      logger: false,
      sessionCacheLeaseMs: TEST_SESSION_CACHE_LEASE_MS,
    });
    await b.ready();
    await until(async () => (await live(t.app)) && (await live(b)), 'both caches live');
  });

  afterAll(async () => {
    await b?.close();
    await secondHandle?.close();
    await t?.close();
  });

  it('answers a session it has read from memory, the same answer', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const first = await info(b, token);
    const before = await hits(b);
    const again = await info(b, token);
    expect(again.status).toBe(200);
    expect(again.result).toEqual(first.result);
    expect(await hits(b)).toBe(before + 1);
  });

  it('refuses a session logged out on the other server at the very next request', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(b, token);
    await info(t.app, token);
    const before = await hits(b);
    expect((await info(b, token)).status).toBe(200);
    expect(await hits(b)).toBe(before + 1);

    expect((await call(t.app, 'GET', API.userLogout, undefined, { token })).status).toBe(200);
    expect((await info(b, token)).status).toBe(401);
    expect((await info(t.app, token)).status).toBe(401);
  });

  it('refuses every old session after a password change on the other server', async () => {
    const token = await login(t.app, 'newbie', 'Newbie1234');
    await info(b, token);
    await info(b, token);
    await t.db.update(users).set({ disabled: true }).where(eq(users.loginId, 'newbie'));
    await syncSessionViews(t.db, QUIET);
    const refused = await info(b, token);
    expect(refused.response.rspCode).toBe('2011');
    await t.db.update(users).set({ disabled: false }).where(eq(users.loginId, 'newbie'));
  });

  it("reads a borrower's write through the other server on the next call", async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(b, token);
    expect((await info(b, token)).result.paidMethod).not.toBe('ACTIVE_REPAY');
    const chosen = await call(t.app, 'POST', API.paidMethod, { paidMethod: 'ACTIVE_REPAY' }, { token });
    expect(chosen.response.rspCode).toBe('0000');
    expect((await info(b, token)).result.paidMethod).toBe('ACTIVE_REPAY');
  });

  it('hears a change written past the API (a job, a shell) and drops the entry', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(b, token);
    const name = (await info(b, token)).result.userNameCn;
    await t.db.update(users).set({ userNameCn: '缓存测试' }).where(eq(users.loginId, 'demo'));
    await until(async () => (await info(b, token)).result.userNameCn === '缓存测试', 'the change heard');
    await t.db.update(users).set({ userNameCn: name }).where(eq(users.loginId, 'demo'));
  });

  it("counts a coupon until the moment it ends by the request's clock", async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
    const base = (await info(b, token)).result.couponsCount;
    const now = t.clock.now();
    await t.db.insert(coupons).values({
      userId: demo?.id as number,
      kind: 'AMOUNT_OFF',
      title: '缓存测试券',
      amountOffFen: 100,
      thresholdFen: 0,
      validFrom: now,
      validUntil: new Date(now.getTime() + 5 * MINUTE),
      state: 'AVAILABLE',
      source: 'OPERATOR',
      createdAt: now,
      updatedAt: now,
    } as typeof coupons.$inferInsert);
    await syncSessionViews(t.db, QUIET);
    expect((await info(b, token)).result.couponsCount).toBe(base + 1);
    expect((await info(b, token)).result.couponsCount).toBe(base + 1);
    t.clock.advance(5 * MINUTE);
    expect((await info(b, token)).result.couponsCount).toBe(base);
  });

  it("ends a session by the request's clock: idle past the allowance is refused", async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(b, token);
    await info(b, token);
    t.clock.advance(t.config.sessionIdleMinutes * MINUTE);
    expect((await info(b, token)).status).toBe(401);
  });

  it('empties its cache when its listener is lost, and listens again', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(b, token);
    const listeners = sql`select pid from pg_stat_activity
      where application_name = 'loan-session-cache' and datname = current_database()`;
    const pids = async () => rowsOf<{ pid: number }>(await t.db.execute(listeners)).map((row) => row.pid);
    const lost = await pids();
    expect(lost).toHaveLength(2);
    await t.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) l`);
    // both listening again on connections of their own: no moment of the loss needs to be caught
    await until(async () => {
      const now = await pids();
      return (
        now.length === 2 && !now.some((pid) => lost.includes(pid)) && (await live(t.app)) && (await live(b))
      );
    }, 'both caches listening again');
    // what was read before the loss is not answered from memory
    const before = await hits(b);
    expect((await info(b, token)).status).toBe(200);
    expect(await hits(b)).toBe(before);
    // and a logout reaches every server again
    expect((await call(t.app, 'GET', API.userLogout, undefined, { token })).status).toBe(200);
    expect((await info(b, token)).status).toBe(401);
  });
});

describe.skipIf(onPostgres)('the session cache on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE: '1' } });
    await until(() => live(t.app), 'the cache live');
  });
  afterAll(() => t?.close());

  it('answers a session it has read from memory, the same answer', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const first = await info(t.app, token);
    const before = await hits(t.app);
    const again = await info(t.app, token);
    expect(again.result).toEqual(first.result);
    expect(await hits(t.app)).toBe(before + 1);
  });

  it('hears a write before its writer goes on: the very next call reads it, whoever wrote it', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(t.app, token);
    const before = await info(t.app, token);
    await t.db.update(users).set({ userNameCn: '嵌入式缓存' }).where(eq(users.loginId, 'demo'));
    expect((await info(t.app, token)).result.userNameCn).toBe('嵌入式缓存');
    await t.db.update(users).set({ userNameCn: before.result.userNameCn }).where(eq(users.loginId, 'demo'));
    expect((await info(t.app, token)).result.userNameCn).toBe(before.result.userNameCn);

    const chosen = await call(t.app, 'POST', API.paidMethod, { paidMethod: 'ACTIVE_REPAY' }, { token });
    expect(chosen.response.rspCode).toBe('0000');
    expect((await info(t.app, token)).result.paidMethod).toBe('ACTIVE_REPAY');
  });

  it('refuses a session logged out, or revoked past the API, on the very next call', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await info(t.app, token);
    await info(t.app, token);
    expect((await call(t.app, 'GET', API.userLogout, undefined, { token })).status).toBe(200);
    expect((await info(t.app, token)).status).toBe(401);

    const other = await login(t.app, 'demo', 'Demo1234');
    await info(t.app, other);
    await info(t.app, other);
    await t.db.execute(sql`update sessions set revoked_at = now() where revoked_at is null`);
    expect((await info(t.app, other)).status).toBe(401);
  });
});
