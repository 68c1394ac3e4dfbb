import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../src/jobs/background.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type Node, one, startNodes } from './helpers/cluster.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { dropJobSchema, until } from './helpers/jobs.ts';
import { cleanUpProcessesAfterEach, gone, PROCESS_TEST_MS } from './helpers/server-process.ts';

/**
 * A server killed (kill -9) in the middle of a job does not stall its queue: another server runs the queue
 * within 60 s. Two server processes on one PostgreSQL database; the first one's collections run is held inside
 * the database (the instalments locked by this test) while the second starts, then the first is killed.
 * (PostgreSQL only: the embedded database belongs to one process.)
 */
const QUEUE = JOB.sandboxCollections;
const BOUND_S = 60;
const url = workerDatabaseUrl();
let t: TestApp;
const nodes: Node[] = [];
let locker: pg.Client | null = null;
cleanUpProcessesAfterEach();

beforeAll(async () => {
  if (!url) return;
  t = await createTestApp();
  // the servers' own job schema starts empty: no run another file's servers left behind
  await dropJobSchema(t.db, 'pgboss');
}, PROCESS_TEST_MS);
afterAll(async () => {
  await locker?.end().catch(() => {});
  await t?.close();
});

/** The database's clock, seconds since 1970 with fractions. */
const dbSeconds = async () =>
  Number((await one<{ s: string }>(t.db, 'select extract(epoch from now()) as s'))?.s);

/** When the queue's last run completed (the engine's tables, current and archived), seconds since 1970. */
async function lastCompleted(): Promise<number> {
  const row = await one<{ s: string | null }>(
    t.db,
    `select extract(epoch from max(completed_on)) as s from (
       select completed_on from pgboss.job where name = '${QUEUE}' and state = 'completed'
       union all select completed_on from pgboss.archive where name = '${QUEUE}' and state = 'completed') runs`,
  );
  return row?.s ? Number(row.s) : 0;
}

describe.runIf(url)('a server killed in the middle of a job', () => {
  it(
    `leaves its queue to another server within ${BOUND_S} s`,
    async () => {
      const [first] = await startNodes(1);
      if (!first) throw new Error('no server');
      nodes.push(first);
      await until(async () => (await lastCompleted()) > 0, 'the first server ran the queue', PROCESS_TEST_MS);

      // the next run of the queue waits on the instalments, inside the database, its server alive
      locker = new pg.Client({ connectionString: url ?? '' });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table instalments in access exclusive mode');
      await until(
        async () =>
          Number(
            (
              await one<{ n: string }>(
                t.db,
                `select count(*) as n from pgboss.job where name = '${QUEUE}' and state = 'active'`,
              )
            )?.n,
          ) === 1 &&
          Number(
            (
              await one<{ n: string }>(
                t.db,
                `select count(*) as n from pg_stat_activity
                 where wait_event_type = 'Lock' and query ilike '%instalments%'`,
              )
            )?.n,
          ) > 0,
        'a run of the queue is held on the lock',
        PROCESS_TEST_MS,
      );

      const takenAt = Number(
        (
          await one<{ s: string }>(
            t.db,
            `select extract(epoch from started_on) as s from pgboss.job where name = '${QUEUE}' and state = 'active'`,
          )
        )?.s,
      );
      const [second] = await startNodes(1);
      if (!second) throw new Error('no second server');
      nodes.push(second);
      const killedAt = await dbSeconds();
      const pid = first.child.pid ?? 0;
      first.child.kill('SIGKILL');
      await gone(pid);
      await locker.query('rollback');

      await until(
        async () => (await lastCompleted()) > killedAt,
        'the second server ran the queue',
        PROCESS_TEST_MS,
      );
      const recoveredIn = (await lastCompleted()) - killedAt;
      expect(recoveredIn).toBeLessThanOrEqual(BOUND_S);
      // the figures docs/BENCHMARKS.md records: after the kill, and after the dead run was taken (the worst a
      // kill at that moment could have cost)
      const sinceTaken = (await lastCompleted()) - takenAt;
      console.log(
        `[queue-crash] ${QUEUE}: run again ${recoveredIn.toFixed(1)} s after kill -9, ` +
          `${sinceTaken.toFixed(1)} s after the dead run was taken`,
      );
    },
    PROCESS_TEST_MS * 2,
  );
});
