import { API } from '@loan/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, bankCallbacks, sandboxBankJobs } from '../src/db/schema.ts';
import { JOB } from '../src/jobs/background.ts';
import { dueDecisions } from './helpers/due-decisions.ts';
import { type JobServers, jobRows, startJobServers, until } from './helpers/jobs.ts';

const N = 30;
let s: JobServers;
/** callback posts received, all servers together */
let posts = 0;

beforeAll(async () => {
  s = await startJobServers({
    count: 2,
    jobs: { periods: { sandboxCollections: 1 } },
    setup: (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.method === 'POST' && request.url.includes(API.bankCallback)) posts += 1;
      });
    },
  });
});
afterAll(async () => s?.close());

describe('sandbox bank deliveries through the job engine, two servers on one database', () => {
  it(`${N} due decisions give exactly ${N} callback posts and ${N} applied callbacks`, async () => {
    const ids = await dueDecisions(s.base, N);
    const undelivered = async () =>
      (await s.base.db.select().from(sandboxBankJobs).where(isNull(sandboxBankJobs.deliveredAt))).length;
    await until(async () => (await undelivered()) === 0, 'every due decision delivered');
    // a delivery marks its rows inside the job; the engine records the job as completed only after it returns
    const settled = async () => {
      const jobs = await jobRows(s.base.db, s.schema, JOB.sandboxDelivery);
      return jobs.some((job) => job.state === 'completed') && jobs.every((job) => job.state !== 'active');
    };
    await until(settled, 'the delivery jobs recorded as finished');

    const deliveries = await jobRows(s.base.db, s.schema, JOB.sandboxDelivery);
    expect(deliveries.filter((job) => job.state === 'failed' || job.state === 'retry')).toEqual([]);
    expect(posts).toBe(N);
    const callbacks = await s.base.db.select().from(bankCallbacks);
    expect(callbacks).toHaveLength(N);
    expect(callbacks.every((c) => c.outcome === 'APPLIED')).toBe(true);
    const approved = await s.base.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(inArray(applications.id, ids), eq(applications.state, 'APPROVED')));
    expect(approved).toHaveLength(N);
  }, 120_000);

  it('nothing due: no delivery job is queued, so no post happens', async () => {
    const before = (await jobRows(s.base.db, s.schema, JOB.sandboxDelivery)).length;
    const postsBefore = posts;
    // a decision due a minute from now stays where it is
    const now = s.base.clock.now();
    const [later] = await dueDecisions(s.base, 1, now, new Date(now.getTime() + 60_000));
    // wait for the collections sweep to run twice more: the servers tick, yet no delivery is offered
    const collections = (await jobRows(s.base.db, s.schema, JOB.sandboxCollections)).length;
    await until(
      async () => (await jobRows(s.base.db, s.schema, JOB.sandboxCollections)).length >= collections + 2,
      'two more collection runs',
    );
    expect((await jobRows(s.base.db, s.schema, JOB.sandboxDelivery)).length).toBe(before);
    expect(posts).toBe(postsBefore);
    expect(later).toBeTypeOf('number');
  }, 120_000);
});
