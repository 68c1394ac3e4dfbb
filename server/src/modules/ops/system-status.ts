import type { SystemStatus } from '@loan/domain';
import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { databaseKindOf } from '../../db/client.ts';
import { migrationCounts } from '../../db/migration-status.ts';
import { noticeDeliveries, partnerCalls } from '../../db/schema.ts';
import type { App } from '../../http.ts';
import { type BackgroundOptions, jobQueues } from '../../jobs/background.ts';
import { DEFAULT_JOB_SCHEMA } from '../../jobs/engine.ts';
import { jobQueueStatus } from './job-queue-status.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The job engine as this app runs it (buildApp's `jobs` option): its schema and periods. */
export type SystemJobs = Pick<BackgroundOptions, 'schema' | 'periods'>;

/**
 * 系统状态: the background queues' last runs across all servers (job-queue-status.ts), the database and its
 * migrations, the server process that answered, the partner calls still open and the notices waiting or failed.
 *
 * The partner calls and notices are stamped with the app's clock (ctx.now()), so their windows are measured on
 * it, as the partner-call queue measures its 7 days; the job engine's rows carry the database's clock, and so
 * do their windows (job-queue-status.ts). checkedAt is the app's clock.
 */
export async function systemStatus(app: App, ctx: AppContext, jobs: SystemJobs): Promise<SystemStatus> {
  const now = ctx.now();
  const uptimeSeconds = Math.round(process.uptime());
  const [migrations, jobLines, calls, notices] = await Promise.all([
    migrationCounts(ctx.db),
    jobQueueStatus(
      ctx.db,
      jobs.schema ?? DEFAULT_JOB_SCHEMA,
      jobQueues(app, ctx, jobs.periods),
      uptimeSeconds,
    ),
    partnerCallCounts(ctx, now),
    noticeCounts(ctx, now),
  ]);
  return {
    checkedAt: now.toISOString(),
    database: {
      kind: databaseKindOf(ctx.db),
      migrationsApplied: migrations.applied,
      migrationsPending: migrations.pending,
    },
    server: {
      pid: process.pid,
      node: process.version,
      uptimeSeconds,
      environment: ctx.config.environment,
      sandbox: ctx.config.sandbox,
    },
    jobs: jobLines,
    partnerCalls: calls,
    notices,
  };
}

/** The claims still open (a partner that has not answered) and their oldest; those refused in the last 7 days. */
async function partnerCallCounts(
  ctx: Pick<AppContext, 'db'>,
  now: Date,
): Promise<SystemStatus['partnerCalls']> {
  const [[open], [refused]] = await Promise.all([
    ctx.db
      .select({ n: count(), oldest: min(partnerCalls.createdAt) })
      .from(partnerCalls)
      .where(eq(partnerCalls.state, 'OPEN')),
    ctx.db
      .select({ n: count() })
      .from(partnerCalls)
      .where(
        and(eq(partnerCalls.state, 'REFUSED'), gt(partnerCalls.updatedAt, new Date(now.getTime() - 7 * DAY))),
      ),
  ]);
  return {
    open: open?.n ?? 0,
    oldestOpenAt: open?.oldest?.toISOString() ?? null,
    refusedLast7Days: refused?.n ?? 0,
  };
}

/** SMS and e-mails waiting to go (or being sent), and those failed for good in the last 24 hours. */
async function noticeCounts(ctx: Pick<AppContext, 'db'>, now: Date): Promise<SystemStatus['notices']> {
  const [[pending], [failed]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(noticeDeliveries)
      .where(inArray(noticeDeliveries.state, ['PENDING', 'SENDING'])),
    ctx.db
      .select({ n: count() })
      .from(noticeDeliveries)
      .where(
        and(
          eq(noticeDeliveries.state, 'FAILED'),
          gt(noticeDeliveries.updatedAt, new Date(now.getTime() - DAY)),
        ),
      ),
  ]);
  return { pending: pending?.n ?? 0, failedLast24h: failed?.n ?? 0 };
}
