import { and, isNull, lt, lte } from 'drizzle-orm';
import { deliverDueBankCallbacks, MAX_DELIVERY_ATTEMPTS } from '../adapters/banks/sandbox-delivery.ts';
import type { AppContext } from '../context.ts';
import { sandboxBankJobs } from '../db/schema.ts';
import type { App } from '../http.ts';
import { reconcileApplications } from '../modules/applications/reconcile.ts';
import { PURGE_EVERY_MS, purgeExpired } from '../modules/housekeeping/purge.ts';
import { collectDueInstalments } from '../modules/loans/collections.ts';
import { createJobEngine, type JobDefinition, type JobEngine, type JobEngineOptions } from './engine.ts';

/** The queues of the background work. */
export const JOB = {
  sandboxDelivery: 'sandbox-bank-delivery',
  sandboxCollections: 'sandbox-collections',
  reconciliation: 'reconciliation',
  housekeeping: 'housekeeping',
} as const;

/** How often each runs (at most once per period across all servers). */
export const JOB_PERIOD_SECONDS = {
  /** due decisions of the sandbox banks: within a second of being due */
  sandboxDelivery: 1,
  /** the collections sandbox: instalments fall due by the day, so every few seconds is plenty */
  sandboxCollections: 5,
  reconciliation: 60,
  housekeeping: PURGE_EVERY_MS / 1000,
} as const;

export type BackgroundContext = Pick<AppContext, 'db' | 'now' | 'config' | 'log' | 'banks'>;

/** Periods the tests shorten; the defaults are JOB_PERIOD_SECONDS. */
export type JobPeriods = Partial<Record<keyof typeof JOB, number>>;

/** The four kinds of background work of the portal. */
export function backgroundJobs(app: App, ctx: BackgroundContext, periods: JobPeriods = {}): JobDefinition[] {
  const every = { ...JOB_PERIOD_SECONDS, ...periods };
  return [
    {
      name: JOB.sandboxDelivery,
      everySeconds: every.sandboxDelivery,
      // offered only when a decision is due: no job rows while nothing happens
      wanted: async () => {
        const due = await ctx.db
          .select({ id: sandboxBankJobs.id })
          .from(sandboxBankJobs)
          .where(
            and(
              isNull(sandboxBankJobs.deliveredAt),
              lte(sandboxBankJobs.dueAt, ctx.now()),
              lt(sandboxBankJobs.attempts, MAX_DELIVERY_ATTEMPTS),
            ),
          )
          .limit(1);
        return due.length > 0;
      },
      run: async () => ({ delivered: await deliverDueBankCallbacks(app, ctx) }),
      idle: (result) => (result as { delivered: number }).delivered === 0,
      expireInSeconds: 120,
    },
    {
      name: JOB.sandboxCollections,
      everySeconds: every.sandboxCollections,
      run: async () => ({ ledgerLines: await collectDueInstalments(ctx, ctx.now()) }),
      idle: (result) => (result as { ledgerLines: number }).ledgerLines === 0,
    },
    {
      name: JOB.reconciliation,
      everySeconds: every.reconciliation,
      run: async () => ({ changed: await reconcileApplications(ctx) }),
      idle: (result) => (result as { changed: number }).changed === 0,
    },
    {
      name: JOB.housekeeping,
      everySeconds: every.housekeeping,
      run: async () => ({ purged: await purgeExpired(ctx.db, ctx.now()) }),
      retryDelaySeconds: 30,
    },
  ];
}

export interface BackgroundOptions
  extends Pick<JobEngineOptions, 'schema' | 'tickMs' | 'stopTimeoutMs' | 'onOffer'> {
  periods?: JobPeriods;
}

/** The engine with the portal's background work; buildApp starts it when the app is ready, stops it on close. */
export function createBackgroundJobs(
  app: App,
  ctx: BackgroundContext,
  options: BackgroundOptions = {},
): JobEngine {
  const { periods, ...engine } = options;
  return createJobEngine({ ...engine, db: ctx.db, log: ctx.log, jobs: backgroundJobs(app, ctx, periods) });
}
