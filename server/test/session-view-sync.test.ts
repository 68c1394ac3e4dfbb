import { API } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { syncSessionViews } from '../src/modules/auth/session-view-sync.ts';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { until } from './helpers/jobs.ts';

const onPostgres = workerDatabaseUrl() !== null;
const QUIET = { error: () => {}, warn: () => {} };

/** A server that holds a lease for ten minutes and acknowledges only when the test says. */
async function laggingNode(t: TestApp, acked: number | 'now'): Promise<(to: number) => Promise<void>> {
  const value =
    acked === 'now'
      ? sql`(select case when is_called then last_value else 0 end from session_view_sync_seq)`
      : sql`${acked}`;
  await t.db.execute(sql`insert into session_view_nodes (node_id, acked, lease_until)
    values ('test-lagging', ${value}, now() + interval '10 minutes')
    on conflict (node_id) do update set acked = excluded.acked, lease_until = excluded.lease_until`);
  return async (to) => {
    await t.db.execute(sql`update session_view_nodes set acked = ${to} where node_id = 'test-lagging'`);
  };
}

async function lastBarrier(t: TestApp): Promise<number> {
  const rows = rowsOf<{ n: string }>(
    await t.db.execute(
      sql`select case when is_called then last_value else 0 end as n from session_view_sync_seq`,
    ),
  );
  return Number(rows[0]?.n);
}

const removeNodes = (t: TestApp) => t.db.execute(sql`delete from session_view_nodes`);

describe.runIf(onPostgres)('the barrier of the session caches (PostgreSQL)', () => {
  describe('on its own', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('waits for a server holding a lease until it acknowledges the barrier', async () => {
      const acknowledge = await laggingNode(t, 0);
      const before = await lastBarrier(t);
      let done = false;
      const barrier = syncSessionViews(t.db, QUIET).then(() => {
        done = true;
      });
      await until(async () => (await lastBarrier(t)) > before, 'the barrier sent');
      expect(done).toBe(false);
      await acknowledge(await lastBarrier(t));
      await barrier;
      expect(done).toBe(true);
      await removeNodes(t);
    });

    it('does not wait for a server whose lease has ended (it answers nothing from memory)', async () => {
      await t.db.execute(sql`insert into session_view_nodes (node_id, acked, lease_until)
        values ('test-gone', 0, now() - interval '1 second')`);
      await syncSessionViews(t.db, QUIET);
      await removeNodes(t);
    });
  });

  describe('after a call that writes, with the cache on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SESSION_CACHE: '1' } });
    });
    afterAll(() => t?.close());

    it('answers only once every caching server has heard what it wrote', async () => {
      const token = await login(t.app, 'demo', 'Demo1234');
      const acknowledge = await laggingNode(t, 'now');
      const chosen = sql`select count(*)::int as n from receiving_settings where paid_method = 'ACTIVE_REPAY'`;
      let done = false;
      const answer = call(t.app, 'POST', API.paidMethod, { paidMethod: 'ACTIVE_REPAY' }, { token }).then(
        (a) => {
          done = true;
          return a;
        },
      );
      await until(async () => rowsOf<{ n: number }>(await t.db.execute(chosen))[0]?.n === 1, 'the write');
      expect(done).toBe(false);
      await acknowledge(Number.MAX_SAFE_INTEGER);
      expect((await answer).response.rspCode).toBe('0000');
      await removeNodes(t);
    });

    it('a logout (a GET that changes something) waits as a write does', async () => {
      const token = await login(t.app, 'demo', 'Demo1234');
      const acknowledge = await laggingNode(t, 'now');
      const revoked = sql`select count(*)::int as n from sessions where revoked_at is not null`;
      const already = rowsOf<{ n: number }>(await t.db.execute(revoked))[0]?.n ?? 0;
      let done = false;
      const answer = call(t.app, 'GET', API.userLogout, undefined, { token }).then((a) => {
        done = true;
        return a;
      });
      await until(
        async () => rowsOf<{ n: number }>(await t.db.execute(revoked))[0]?.n === already + 1,
        'the revocation',
      );
      expect(done).toBe(false);
      await acknowledge(Number.MAX_SAFE_INTEGER);
      expect((await answer).status).toBe(200);
      await removeNodes(t);
    });

    it('a read does not wait', async () => {
      const token = await login(t.app, 'demo', 'Demo1234');
      await laggingNode(t, 0);
      expect((await call(t.app, 'GET', API.getUserInfo, undefined, { token })).status).toBe(200);
      await removeNodes(t);
    });
  });
});
