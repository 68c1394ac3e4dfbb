import { and, isNull, lt, lte } from 'drizzle-orm';
import { deliverDueBankCallbacks, MAX_DELIVERY_ATTEMPTS } from '../adapters/banks/sandbox-delivery.ts';
import { deliverDueGatewayNotifies, dueNotifies } from '../adapters/payments/sandbox-delivery.ts';
import type { AppContext } from '../context.ts';
import { sandboxBankJobs } from '../db/schema.ts';
import type { App } from '../http.ts';
import { expireApprovals } from '../modules/applications/contract-expiry.ts';
import { settleCollectionCases } from '../modules/collections/promises.ts';
import { purgeOrphanDocuments } from '../modules/documents/orphans.ts';
import { PURGE_EVERY_MS, purgeExpired } from '../modules/housekeeping/purge.ts';
import { collectDueInstalments } from '../modules/loans/collections.ts';
import { owedOfInstalments, planReminders } from '../modules/loans/reminders.ts';
import { type DeliveryOutcome, deliverDueNotices, deliveriesDue } from '../modules/notices/deliver.ts';
import { reconcileAll } from '../modules/partner-reconcile/reconcile.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';
import { checkLockedPayouts } from '../modules/receiving-account/payouts.ts';
import { refundWorkWaiting, sandboxReviewRefunds } from '../modules/refunds/sandbox-review.ts';
import { sendWaitingRefunds } from '../modules/refunds/start.ts';
import { makeDueStatements } from '../modules/statements/make.ts';
import { createJobEngine, type JobDefinition, type JobEngine, type JobEngineOptions } from './engine.ts';

/** The queues of the background work. */
export const JOB = {
  sandboxDelivery: 'sandbox-bank-delivery',
  sandboxCollections: 'sandbox-collections',
  reconciliation: 'reconciliation',
  housekeeping: 'housekeeping',
  refunds: 'refunds',
  paymentNotifies: 'sandbox-payment-notifies',
  paymentReconciliation: 'payment-reconciliation',
  payoutChecks: 'receiving-payout-checks',
  orphanDocuments: 'orphan-documents',
  collectionCases: 'collection-cases',
  statements: 'monthly-statements',
  noticeDelivery: 'notice-delivery',
  reminders: 'reminders',
} as const;

/** How often each runs (at most once per period across all servers). */
export const JOB_PERIOD_SECONDS = {
  /** due decisions of the sandbox banks: within a second of being due */
  sandboxDelivery: 1,
  /** the collections sandbox: instalments fall due by the day, so every few seconds is plenty */
  sandboxCollections: 5,
  reconciliation: 60,
  housekeeping: PURGE_EVERY_MS / 1000,
  /** the sandbox reviews a refund application 3 s after submission; approved refunds go to the gateway */
  refunds: 1,
  /** the sandbox gateway's notifies: within a second of being due (retries back off 1 s, 2 s, 4 s …) */
  paymentNotifies: 1,
  /** orders past their 30 minutes, refunds without their notify, late money of closed orders */
  paymentReconciliation: 15,
  /** where locked accounts' store payouts go: each account once a day, looked for hourly (pg-boss's longest period) */
  payoutChecks: 3600,
  /** uploads nothing refers to, a day after their upload: looked for hourly */
  orphanDocuments: 3600,
  /** promises to pay decided once their day has ended, and cases with nothing left to work closed */
  collectionCases: 60,
  /** the last complete month's statements not yet made: hourly, so a server down on the 1st catches up */
  statements: 3600,
  /** notices' SMS and e-mails: within a second of being due (offered only then) */
  noticeDelivery: 1,
  /** the reminder calendar's stages are days; a minute is prompt enough after 09:00 */
  reminders: 60,
} as const;

export type BackgroundContext = Pick<
  AppContext,
  | 'db'
  | 'now'
  | 'config'
  | 'log'
  | 'banks'
  | 'gateway'
  | 'marketplace'
  | 'outbox'
  | 'files'
  | 'onNoticeDelivery'
>;

/** Periods the tests shorten; the defaults are JOB_PERIOD_SECONDS. */
export type JobPeriods = Partial<Record<keyof typeof JOB, number>>;

/** The kinds of background work of the portal. */
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
      run: async (budget) => ({ delivered: await deliverDueBankCallbacks(app, ctx, budget) }),
      idle: (result) => (result as { delivered: number }).delivered === 0,
    },
    {
      name: JOB.sandboxCollections,
      everySeconds: every.sandboxCollections,
      run: async (budget) => ({ ledgerLines: await collectDueInstalments(ctx, ctx.now(), budget) }),
      idle: (result) => (result as { ledgerLines: number }).ledgerLines === 0,
    },
    {
      name: JOB.reconciliation,
      everySeconds: every.reconciliation,
      // decisions the banks' callbacks lost, and approvals not signed in time
      run: async (budget) => ({
        changed: (await reconcileAll(ctx, budget)).changed,
        expired: await expireApprovals(ctx, budget),
      }),
      idle: (result) => {
        const { changed, expired } = result as { changed: number; expired: number };
        return changed + expired === 0;
      },
    },
    {
      name: JOB.paymentNotifies,
      everySeconds: every.paymentNotifies,
      wanted: async () => (await dueNotifies(ctx, 1)).length > 0,
      run: async (budget) => ({ delivered: await deliverDueGatewayNotifies(app, ctx, budget) }),
      idle: (result) => (result as { delivered: number }).delivered === 0,
    },
    {
      name: JOB.paymentReconciliation,
      everySeconds: every.paymentReconciliation,
      run: async (budget) => ({ changed: await reconcilePayments(ctx, budget) }),
      idle: (result) => (result as { changed: number }).changed === 0,
    },
    {
      name: JOB.payoutChecks,
      everySeconds: every.payoutChecks,
      run: (budget) => checkLockedPayouts(ctx, budget),
      idle: (result) => (result as { checked: number }).checked === 0,
    },
    {
      name: JOB.housekeeping,
      everySeconds: every.housekeeping,
      run: async () => ({ purged: await purgeExpired(ctx.db, ctx.now()) }),
    },
    {
      name: JOB.orphanDocuments,
      everySeconds: every.orphanDocuments,
      run: () => purgeOrphanDocuments(ctx.db, ctx.files, ctx.now()),
      idle: (result) => (result as { documents: number }).documents === 0,
    },
    {
      name: JOB.noticeDelivery,
      everySeconds: every.noticeDelivery,
      wanted: () => deliveriesDue(ctx),
      run: (budget) => deliverDueNotices(ctx, owedOfInstalments(ctx), budget),
      idle: (result) => Object.values(result as DeliveryOutcome).every((n) => n === 0),
    },
    {
      name: JOB.reminders,
      everySeconds: every.reminders,
      run: (budget) => planReminders(ctx, budget),
      idle: (result) => (result as { planned: number }).planned === 0,
    },
    {
      name: JOB.statements,
      everySeconds: every.statements,
      run: (budget) => makeDueStatements(ctx, budget),
      idle: (result) => (result as { made: number }).made === 0,
    },
    {
      name: JOB.collectionCases,
      everySeconds: every.collectionCases,
      run: (budget) => settleCollectionCases(ctx, budget),
      idle: (result) => Object.values(result as Record<string, number>).every((n) => n === 0),
    },
    {
      name: JOB.refunds,
      everySeconds: every.refunds,
      // offered only when an application is due for the sandbox review or a refund waits to be sent
      wanted: () => refundWorkWaiting(ctx),
      run: async (budget) => ({
        reviewed: await sandboxReviewRefunds(ctx, budget),
        sent: await sendWaitingRefunds(ctx, budget),
      }),
      idle: (result) => {
        const { reviewed, sent } = result as { reviewed: number; sent: number };
        return reviewed + sent === 0;
      },
    },
  ];
}

/** A queue as the console's system status shows it. */
export interface JobQueue {
  name: string;
  everySeconds: number;
  /** offered only when work is due (its definition has `wanted`): no runs while nothing is due */
  onDemand: boolean;
}

/**
 * The queues of backgroundJobs with their periods, in JOB's order, read from the definitions themselves (built,
 * never run): a queue is on demand exactly when its definition asks `wanted` first.
 */
export function jobQueues(app: App, ctx: BackgroundContext, periods: JobPeriods = {}): JobQueue[] {
  const definitions = new Map(backgroundJobs(app, ctx, periods).map((d) => [d.name, d]));
  return Object.values(JOB).flatMap((name) => {
    const definition = definitions.get(name);
    if (!definition) return [];
    return [{ name, everySeconds: definition.everySeconds, onDemand: definition.wanted !== undefined }];
  });
}

export interface BackgroundOptions
  extends Pick<JobEngineOptions, 'schema' | 'tickMs' | 'stopTimeoutMs' | 'onOffer' | 'onRun'> {
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
