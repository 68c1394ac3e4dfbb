import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/jobs/background.ts';
import {
  crashRecoverySeconds,
  createJobEngine,
  DEFAULT_EXPIRE_SECONDS,
  type JobEngine,
  type JobLog,
} from '../src/jobs/engine.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { dropJobSchema, jobRows, testJobSchema, until } from './helpers/jobs.ts';

/**
 * A queue is never stalled for long by a server that died in the middle of a job: runs are bounded batches
 * that end at half their expiry, expiries are seconds, and expired runs are failed every few seconds so that
 * another server retries them.
 */
const quiet: JobLog = { debug() {}, info() {}, warn() {}, error() {} };
let t: TestApp;
const schema = testJobSchema();
const engines: JobEngine[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  if (!t) return;
  await dropJobSchema(t.db, schema);
  await t.close();
});

describe('the recovery bound of every queue of the portal', () => {
  const jobs = backgroundJobs({} as never, {} as never);
  it.each(jobs.map((job) => [job.name, job] as const))(
    '%s: another server runs it within 60 s of a crash',
    (_name, job) => {
      expect(crashRecoverySeconds(job)).toBeLessThanOrEqual(60);
      expect(job.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS).toBeLessThanOrEqual(30);
    },
  );
});

describe('a run and its budget', () => {
  it('tells the run to stop taking work at half its expiry: the run ends, completed, before it expires', async () => {
    const outcomes: Array<{ outcome: unknown; attempt: unknown }> = [];
    const log: JobLog = {
      ...quiet,
      info: (obj) => outcomes.push(obj as (typeof outcomes)[number]),
      warn: (obj) => outcomes.push(obj as (typeof outcomes)[number]),
    };
    let items = 0;
    const engine = createJobEngine({
      db: t.db,
      log,
      schema,
      jobs: [
        {
          name: 'long-sweep',
          everySeconds: 3600,
          expireInSeconds: 4,
          // a sweep with more work than one run may do: it takes items until its budget says stop
          run: async (budget) => {
            while (!budget.aborted) {
              items += 1;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            return { items };
          },
        },
      ],
    });
    engines.push(engine);
    await engine.start();
    await until(() => outcomes.length > 0, 'the sweep ended');
    expect(outcomes[0]).toMatchObject({ outcome: 'completed', attempt: 1 });
    expect(items).toBeGreaterThan(0);
  }, 120_000);

  it('retries the job of a server that died while running it, within its recovery bound', async () => {
    const name = 'after-crash';
    const runs: string[] = [];
    const definition = {
      name,
      everySeconds: 3600,
      expireInSeconds: 2,
      // offered once: a new period (the test straddling the hour) brings no run of its own
      wanted: async () => runs.length === 0,
      run: async () => {
        runs.push('ran');
        return {};
      },
    };
    // the queue is made (by this engine), then a dead server's run is left active in it, started just now
    const engine = createJobEngine({
      db: t.db,
      log: quiet,
      schema,
      maintenanceSeconds: 1,
      jobs: [definition],
    });
    engines.push(engine);
    await engine.start();
    await until(async () => runs.length === 1, 'the first run of the queue');
    const dead = await t.db.execute(
      sql.raw(
        `insert into ${schema}.job (name, state, started_on, expire_in, retry_limit, retry_delay, retry_backoff, policy)
         values ('${name}', 'active', now(), interval '2 seconds', 3, 1, true, 'stately') returning id::text`,
      ),
    );
    const deadId = (dead as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
    await until(
      async () =>
        (await jobRows(t.db, schema, name)).some((row) => row.id === deadId && row.state === 'completed'),
      "the dead server's job retried and completed here",
    );
    const retried = (await jobRows(t.db, schema, name)).find((row) => row.id === deadId);
    expect(retried).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(runs).toHaveLength(2);
  }, 120_000);
});
