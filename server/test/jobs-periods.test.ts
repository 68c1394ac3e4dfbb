import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, sandboxBankJobs, verificationCodes } from '../src/db/schema.ts';
import { JOB } from '../src/jobs/background.ts';
import { RECONCILE_AFTER_MS } from '../src/modules/applications/reconcile.ts';
import { dueDecisions } from './helpers/due-decisions.ts';
import { databaseEpoch, type JobServers, jobRows, startJobServers, until } from './helpers/jobs.ts';

/**
 * Short periods: each server offers a queue every quarter period (OFFER_FRACTION), so in a few seconds both have
 * offered each queue many times, over several periods, and each period still has one run.
 */
const PERIOD = 4;
let s: JobServers;
/** offers refused because the period already had its job, per server and queue */
const refused = [new Map<string, number>(), new Map<string, number>()];
let startedAt = 0;
/** an application whose decision was delivered but whose callback never arrived */
let stale = 0;

beforeAll(async () => {
  s = await startJobServers({
    count: 2,
    prepare: async (base) => {
      const { db, clock } = base;
      startedAt = await databaseEpoch(db);
      // a decision the bank made and delivered whose callback never arrived: reconciliation finds it
      const submittedAt = new Date(clock.now().getTime() - RECONCILE_AFTER_MS - 60_000);
      stale = (await dueDecisions(base, 1, submittedAt))[0] ?? 0;
      await db.update(sandboxBankJobs).set({ deliveredAt: clock.now() });
      // a verification code expired two days ago: housekeeping deletes it
      const twoDaysAgo = new Date(clock.now().getTime() - 2 * 24 * 3600_000);
      await db.insert(verificationCodes).values({
        purpose: 'findPwd',
        target: 'demo',
        codeHash: 'x',
        createdAt: twoDaysAgo,
        expiresAt: twoDaysAgo,
      });
    },
    jobs: (index) => ({
      tickMs: 100,
      periods: { reconciliation: PERIOD, housekeeping: PERIOD },
      onOffer: (name, jobId) => {
        const counts = refused[index];
        if (jobId === null && counts) counts.set(name, (counts.get(name) ?? 0) + 1);
      },
    }),
  });
});
afterAll(async () => s?.close());

describe('scheduled work on two servers', () => {
  it('reconciliation and housekeeping run once per period, whichever server offers them', async () => {
    const { db } = s.base;
    const ran = async (name: string) =>
      (await jobRows(db, s.schema, name)).some((job) => job.state === 'completed');
    const offeredOften = (name: string) => refused.every((counts) => (counts.get(name) ?? 0) >= 5);
    await until(
      async () =>
        (await ran(JOB.reconciliation)) &&
        (await ran(JOB.housekeeping)) &&
        offeredOften(JOB.reconciliation) &&
        offeredOften(JOB.housekeeping),
      'both jobs ran, and both servers offered them again and again',
    );
    const endedAt = await databaseEpoch(db);
    // the test may straddle the end of a period: then one more run is due, never more
    const periods = Math.floor(endedAt / PERIOD) - Math.floor(startedAt / PERIOD) + 1;
    for (const name of [JOB.reconciliation, JOB.housekeeping]) {
      const jobs = await jobRows(db, s.schema, name);
      expect(jobs.length).toBeGreaterThanOrEqual(1);
      expect(jobs.length).toBeLessThanOrEqual(periods);
      expect(new Set(jobs.map((job) => job.singleton_on)).size).toBe(jobs.length);
    }
    const [app] = await db.select().from(applications).where(eq(applications.id, stale));
    expect(app?.state).toBe('APPROVED');
    expect(await db.select().from(verificationCodes)).toHaveLength(0);
  }, 120_000);
});
