import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  JOB_QUEUE_LABELS,
  type JobQueueStatus,
  missingPermissionText,
  OPS_API,
  RSP,
  type SystemStatus,
} from '@loan/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.ts';
import {
  type NoticeDeliveryState,
  noticeDeliveries,
  notices,
  partnerCalls,
  users,
} from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { JOB, JOB_PERIOD_SECONDS } from '../src/jobs/background.ts';
import type { TestApp } from './helpers/app.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { type JobServers, jobRows, startJobServers, testJobSchema, until } from './helpers/jobs.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/**
 * 系统状态 in the console: a server running the real job engine answers each queue's last runs as pg-boss recorded
 * them (a run that failed, by direct rows in pg-boss's own shape), with the partner calls and notices counted,
 * for the administrators only.
 */
let js: JobServers;
/** the test data seen through the server that runs the engine (its app reads the engine's schema) */
let server: TestApp;
let admin: SignedInOperator;
let support: SignedInOperator;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ON_DEMAND: string[] = [JOB.sandboxDelivery, JOB.paymentNotifies, JOB.noticeDelivery, JOB.refunds];
const ALWAYS = Object.values(JOB).filter((name) => !ON_DEMAND.includes(name));

beforeAll(async () => {
  js = await startJobServers({ count: 1 });
  server = { ...js.base, app: js.servers[0] as App };
  admin = await makeOperator(js.base, 'sys-admin', ['admin']);
  support = await makeOperator(js.base, 'sys-support', ['support']);
}, 120_000);
afterAll(() => js.close());

const statusOf = async (t: TestApp = server) =>
  ok(await opsCall<SystemStatus>(t, 'GET', OPS_API.systemStatus, undefined, admin.opsToken));
const queueOf = (status: SystemStatus, name: string) =>
  status.jobs.find((q) => q.queue === name) as JobQueueStatus;

/** A row of `<schema>.<table>` as pg-boss leaves an ended run (failJobs: failed for good, or waiting to retry). */
async function endedRun(
  table: 'job' | 'archive',
  name: string,
  state: 'completed' | 'failed' | 'retry',
  at: string,
  output: unknown,
) {
  const completedOn = state === 'retry' ? sql`null` : sql.raw(at);
  await js.base.db.execute(sql`insert into ${sql.identifier(js.schema)}.${sql.identifier(table)}
    (id, name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on,
     expire_in, created_on, completed_on, keep_until, policy, output)
    values (gen_random_uuid(), ${name}, 0, ${state}, 3, ${state === 'failed' ? 3 : 1}, 1, true,
     now() + interval '1 day', ${sql.raw(at)}, interval '20 seconds', ${sql.raw(at)}, ${completedOn},
     now() + interval '1 day', 'stately', ${JSON.stringify(output)}::jsonb)`);
}

describe('the queues', () => {
  it('names every queue of JOB in Chinese', () => {
    for (const name of Object.values(JOB)) expect(JOB_QUEUE_LABELS[name], name).toMatch(/\p{Script=Han}/u);
    expect(Object.keys(JOB_QUEUE_LABELS).sort()).toEqual(Object.values(JOB).sort());
  });

  it('lists every queue with its label and period; those that ran are OK, the on-demand ones with nothing due IDLE', async () => {
    // each always-offered queue runs once when the engine starts
    await until(async () => {
      for (const name of ALWAYS) {
        const rows = await jobRows(js.base.db, js.schema, name);
        if (!rows.some((r) => r.state === 'completed')) return false;
      }
      return true;
    }, 'every always-offered queue completed once');
    const status = await statusOf();
    expect(status.checkedAt).toBe(js.base.clock.now().toISOString());
    expect(status.jobs.map((q) => q.queue)).toEqual(Object.values(JOB));
    for (const [key, name] of Object.entries(JOB) as [keyof typeof JOB, string][]) {
      const queue = queueOf(status, name);
      expect(queue, name).toMatchObject({
        label: JOB_QUEUE_LABELS[name],
        everySeconds: JOB_PERIOD_SECONDS[key],
        onDemand: ON_DEMAND.includes(name),
      });
    }
    for (const name of ALWAYS) {
      const queue = queueOf(status, name);
      expect(queue, name).toMatchObject({
        health: 'OK',
        lastFailedAt: null,
        lastError: null,
        failedLastHour: 0,
      });
      expect(queue.completedLastHour, name).toBeGreaterThanOrEqual(1);
      // pg-boss's stamps are the database's clock (real time), not the app's test clock
      expect(Math.abs(Date.parse(queue.lastCompletedAt as string) - Date.now()), name).toBeLessThan(
        10 * 60_000,
      );
    }
    for (const name of ON_DEMAND)
      expect(queueOf(status, name), name).toMatchObject({ health: 'IDLE', lastCompletedAt: null });
  });

  it('shows a queue whose last run failed as FAILING with its message, read from the job table and the archive', async () => {
    // failed for good after its completion at start, with a long message (an Error as pg-boss serializes it)
    const long = `月度对账单生成失败：${'数据库连接被重置'.repeat(40)}`;
    await endedRun('job', JOB.statements, 'failed', 'now()', { name: 'Error', message: long, stack: 'at …' });
    // a run past its expiry, waiting for its retry (pg-boss's own reason)
    await endedRun('job', JOB.orphanDocuments, 'retry', 'now()', {
      value: { message: 'job failed by timeout in active state' },
    });
    // an on-demand queue that last ran two hours ago (archived), and failed before that
    await endedRun('archive', JOB.paymentNotifies, 'failed', "now() - interval '3 hours'", {
      message: '旧错误',
    });
    await endedRun('archive', JOB.paymentNotifies, 'completed', "now() - interval '2 hours'", {
      delivered: 1,
    });

    const status = await statusOf();
    const statements = queueOf(status, JOB.statements);
    expect(statements).toMatchObject({ health: 'FAILING', failedLastHour: 1 });
    expect(statements.lastError).toBe(`${long.slice(0, 199)}…`);
    expect(Date.parse(statements.lastFailedAt as string)).toBeGreaterThan(
      Date.parse(statements.lastCompletedAt as string),
    );
    expect(queueOf(status, JOB.orphanDocuments)).toMatchObject({
      health: 'FAILING',
      lastError: 'job failed by timeout in active state',
      failedLastHour: 1,
    });
    const notifies = queueOf(status, JOB.paymentNotifies);
    expect(notifies).toMatchObject({
      health: 'IDLE',
      lastError: null,
      completedLastHour: 0,
      failedLastHour: 0,
    });
    expect(Date.now() - Date.parse(notifies.lastCompletedAt as string)).toBeGreaterThan(2 * HOUR - 60_000);
    expect(Date.parse(notifies.lastFailedAt as string)).toBeLessThan(
      Date.parse(notifies.lastCompletedAt as string),
    );
    expect(queueOf(status, JOB.reconciliation).health).toBe('OK');
  });

  it('answers no runs for an engine schema that no server has created yet', async () => {
    const app = await buildApp({
      config: js.base.config,
      db: js.base.db,
      now: js.base.clock.now,
      logger: false,
      jobs: { schema: testJobSchema() },
    });
    try {
      const status = await statusOf({ ...js.base, app });
      expect(status.jobs).toHaveLength(Object.values(JOB).length);
      for (const queue of status.jobs)
        expect(queue).toMatchObject({ lastCompletedAt: null, lastFailedAt: null, completedLastHour: 0 });
    } finally {
      await app.close();
    }
  });
});

describe('the rest of the system', () => {
  it('counts the open and refused partner calls and the waiting and failed notices', async () => {
    const before = await statusOf();
    const now = js.base.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const call = (subject: string, state: string, created: Date, updated: Date) => ({
      partner: 'CGB',
      operation: 'BANK_SUBMIT',
      subject,
      idempotencyKey: `sys-${subject}`,
      state,
      payload: {},
      attempts: 1,
      // held by its caller: the reconciliation job leaves it alone
      leaseUntil: at(DAY),
      createdAt: created,
      updatedAt: updated,
    });
    await js.base.db
      .insert(partnerCalls)
      .values([
        call('sys-open-1', 'OPEN', at(-3 * DAY), at(-3 * DAY)),
        call('sys-open-2', 'OPEN', at(-HOUR), at(-HOUR)),
        call('sys-refused-new', 'REFUSED', at(-8 * DAY), at(-2 * DAY)),
        call('sys-refused-old', 'REFUSED', at(-9 * DAY), at(-8 * DAY)),
        call('sys-done', 'SUCCEEDED', at(-HOUR), at(-HOUR)),
      ]);
    const [user] = await js.base.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    const userId = Number(user?.id);
    const notice = async (eventKey: string) => {
      const [row] = await js.base.db
        .insert(notices)
        .values({
          userId,
          kind: 'PAYMENT_RECEIVED',
          category: 'REPAYMENT',
          eventKey,
          title: '测试',
          body: '测试',
          sms: '测试',
          link: { page: 'TRADING' },
          facts: {},
          createdAt: at(-2 * DAY),
        })
        .returning({ id: notices.id });
      return Number(row?.id);
    };
    const delivery = (
      noticeId: number,
      channel: 'sms' | 'email',
      state: NoticeDeliveryState,
      updated: Date,
    ) => ({
      noticeId,
      userId,
      channel,
      state,
      // not due yet, or claimed: the delivery job leaves them alone
      dueAt: at(DAY),
      claimedUntil: state === 'SENDING' ? at(DAY) : null,
      createdAt: at(-2 * DAY),
      updatedAt: updated,
    });
    const waiting = await notice('sys-status-waiting');
    const failed = await notice('sys-status-failed');
    await js.base.db
      .insert(noticeDeliveries)
      .values([
        delivery(waiting, 'sms', 'PENDING', at(-HOUR)),
        delivery(waiting, 'email', 'SENDING', at(-HOUR)),
        delivery(failed, 'sms', 'FAILED', at(-HOUR)),
        delivery(failed, 'email', 'FAILED', at(-2 * DAY)),
      ]);

    const status = await statusOf();
    expect(status.partnerCalls).toEqual({
      open: before.partnerCalls.open + 2,
      oldestOpenAt: at(-3 * DAY).toISOString(),
      refusedLast7Days: before.partnerCalls.refusedLast7Days + 1,
    });
    expect(status.notices).toEqual({
      pending: before.notices.pending + 2,
      failedLast24h: before.notices.failedLast24h + 1,
    });
  });

  it('names the database, its migrations and the server that answered', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const status = await statusOf();
    expect(status.database).toEqual({
      kind: workerDatabaseUrl() ? 'postgres' : 'pglite',
      migrationsApplied: journal.entries.length,
      migrationsPending: 0,
    });
    expect(status.server).toMatchObject({
      pid: process.pid,
      node: process.version,
      environment: js.base.config.environment,
      sandbox: js.base.config.sandbox,
    });
    expect(status.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is refused without system.view, with the missing permission in Chinese (403)', async () => {
    const refused = await opsCall(server, 'GET', OPS_API.systemStatus, undefined, support.opsToken);
    expect(refused.status).toBe(403);
    expect(refused.response).toMatchObject({
      rspCode: RSP.OPS_FORBIDDEN,
      rspDesc: missingPermissionText('system.view'),
    });
  });
});
