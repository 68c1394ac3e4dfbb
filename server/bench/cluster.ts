/**
 * `npm run bench:cluster` (`-- --short` or BENCH_CLUSTER_SHORT=1 for CI): three portal servers (main.ts as `npm start`
 * runs it, production-like) on one scratch PostgreSQL database and Redis (its own db number), behind HAProxy
 * (health checks on /api/health/ready, retries of replay-safe requests to another server), loaded with signed-in
 * reads and money writes that the client retries with the same request. Phases: before; during (kill -9 of one
 * server, SIGTERM of another a few seconds later, both restarted and back in HAProxy); after. Then the database
 * is checked: every acknowledged payment exactly once, no job period run twice. Exits 1 when a read or a retried
 * write failed as the client saw it, a payment is missing or doubled, or a job period ran twice; latencies are
 * reported, never asserted. A full run writes its report into docs/BENCHMARKS.md (BENCH_WRITE_DOCS=0: not).
 * BENCH_CLUSTER_READS (read connections, 8), BENCH_CLUSTER_WRITERS (paying clients, 8), BENCH_CLUSTER_FEES,
 * BENCH_REDIS_URL (redis://127.0.0.1:6379) and BENCH_REDIS_DB (9; REDIS_URL='' runs without Redis);
 * BENCH_CLUSTER_RETRY_ON replaces HAProxy's retry-on (`conn-failure` alone shows the clients' retries at work).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { JOB, JOB_PERIOD_SECONDS } from '../src/jobs/background.ts';
import { checkJobs, checkPayments, scrapeCompletedRuns } from './cluster-checks.ts';
import { haproxyVersion, startHaproxy } from './cluster-haproxy.ts';
import { type Ack, startReads, startWrites } from './cluster-load.ts';
import { type ClusterReport, clusterMarkdown, type PhaseFigures, writeDocs } from './cluster-report.ts';
import { killAll, PortalServer, run, sleep } from './cluster-servers.ts';
import { PAYER, seedPayableFees } from './money-write.ts';
import { BENCH_PRODUCTION_ENV, freePort, signIn } from './support.ts';
import { adminQuery, postgresAnswers } from './throughput-servers.ts';

const SHORT = process.env.BENCH_CLUSTER_SHORT === '1' || process.argv.includes('--short');
const T = SHORT
  ? { warmMs: 2000, beforeMs: 3000, leadMs: 1000, gapMs: 1500, afterMs: 3000, fees: 8000 }
  : { warmMs: 3000, beforeMs: 10_000, leadMs: 3000, gapMs: 3000, afterMs: 10_000, fees: 30_000 };
const READS = Number(process.env.BENCH_CLUSTER_READS ?? 8);
const WRITERS = Number(process.env.BENCH_CLUSTER_WRITERS ?? 8);
const FEES = Number(process.env.BENCH_CLUSTER_FEES ?? T.fees);
/** how long HAProxy may take to see a server change: a poll's deadline, far above its 1–2 s */
const SEEN_MS = 60_000;
/** a stopped server's exit: well past its drain and a killed server's session-cache lease, short of HAProxy's 20 s */
const STOP_BOUND_MS = 15_000;
const PERIODS: Record<string, number> = Object.fromEntries(
  Object.entries(JOB).map(([key, queue]) => [queue, JOB_PERIOD_SECONDS[key as keyof typeof JOB]]),
);
const SHOWN_QUEUES = [JOB.sandboxCollections, JOB.paymentReconciliation, JOB.reconciliation];

const log = (message: string) => console.log(`[cluster] ${message}`);
/** the servers of the run, whose last lines are printed when the run fails */
const started: PortalServer[] = [];

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1500 });
    socket.once('connect', () => resolve(Boolean(socket.end())));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(Boolean(socket.destroy()) && false));
  });
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      String((await client.query('show server_version')).rows[0]?.server_version ?? '?').split(' ')[0] ?? '?'
    );
  } finally {
    await client.end();
  }
}

async function distinctPorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** What runs after the bench, whatever ends it: children killed, the scratch database dropped, the temp dir gone. */
const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | null = null;
/** Runs once: a signal and the end of main() both wait for the same clean-up. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    killAll();
    for (const step of cleanups.splice(0).reverse()) await step().catch((e) => log(`clean-up: ${e.message}`));
  })();
  return cleaning;
}
process.on('exit', killAll);
// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal, and relayed by tsx's parent process)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (cleaning) return;
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });

async function main(): Promise<number> {
  const startedAt = performance.now();
  const haproxy = haproxyVersion();
  if (!haproxy) throw new Error('haproxy not found (apt-get install haproxy, or set HAPROXY)');
  if (!(await postgresAnswers())) throw new Error('PostgreSQL does not answer on 127.0.0.1:5432');
  const redisBase = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUrl =
    process.env.REDIS_URL === '' || !(await portAnswers(Number(new URL(redisBase).port || 6379)))
      ? ''
      : `${redisBase.replace(/\/\d*$/, '')}/${process.env.BENCH_REDIS_DB ?? 9}`;

  const dir = mkdtempSync(join(tmpdir(), 'loan-cluster-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const database = `loan_cluster_${Date.now()}_${process.pid}`;
  await adminQuery(`create database ${database}`);
  cleanups.push(() => adminQuery(`drop database if exists ${database} with (force)`));
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  log(`database ${database}, ${redisUrl ? `Redis ${redisUrl}` : 'no Redis'}, HAProxy ${haproxy}`);

  // migrations and the demo accounts, outside production, with production's keys (as bench:throughput does)
  await run('npm', ['run', 'seed'], {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    ...env,
    NODE_ENV: 'development',
  });
  const feeIds = await seedPayableFees(env, FEES);
  log(`seeded: demo accounts, ${feeIds.length} payable fees`);

  const [p1, p2, p3, front, stats] = (await distinctPorts(5)) as [number, number, number, number, number];
  const servers = [
    new PortalServer('s1', p1, env),
    new PortalServer('s2', p2, env),
    new PortalServer('s3', p3, env),
  ] as const;
  started.push(...servers);
  const [s1, s2, s3] = servers;
  // the first creates the job engine's schema and queues; the other two then start together
  await s1.start();
  await Promise.all([s2.start(), s3.start()]);
  const balancer = await startHaproxy(dir, {
    port: front,
    statsPort: stats,
    servers,
    retryOn: process.env.BENCH_CLUSTER_RETRY_ON,
  });
  cleanups.push(() => balancer.stop());
  for (const s of servers) await balancer.waitState(s.name, 'UP', SEEN_MS);
  log(`three servers up behind HAProxy on ${balancer.base}`);

  const api = `${balancer.base}/api`;
  const demoToken = await signIn(api, 'demo', 'Demo1234');
  const acks: Ack[] = [];
  const writes = startWrites(
    {
      base: balancer.base,
      accessToken: await signIn(api, PAYER.loginId, PAYER.password),
      notifySecret: String(BENCH_PRODUCTION_ENV.PAYMENT_NOTIFY_SECRET),
      feeIds,
      acks,
    },
    WRITERS,
  );
  const metrics: Array<Record<string, number>> = [];
  const phases: PhaseFigures[] = [];
  const phase = async (name: string, work: () => Promise<void>) => {
    log(`phase ${name}`);
    const from = performance.now();
    const reads = startReads(balancer.base, demoToken, READS);
    await work();
    const [readFigures, writeFigures] = await Promise.all([reads.stop(), writes.phase()()]);
    phases.push({
      name,
      seconds: (performance.now() - from) / 1000,
      reads: readFigures,
      writes: writeFigures,
    });
  };

  // the servers' first requests compile their code paths: a phase of its own, so that "before" is steady
  await phase('warm-up', () => sleep(T.warmMs));
  await phase('before: three servers', () => sleep(T.beforeMs));
  const faults = {
    killedDownMs: 0,
    drainedDownMs: 0,
    drainedExitMs: 0,
    drainedExitCode: null as number | null,
    rejoinMs: 0,
    haproxyRetries: 0,
    haproxyRedispatches: 0,
  };
  await phase('during: kill -9 s1, SIGTERM s2, both restarted', async () => {
    await sleep(T.leadMs);
    metrics.push(await scrapeCompletedRuns(s1.base));
    const killedAt = Date.now();
    await s1.kill();
    const killedDown = balancer.waitState('s1', 'DOWN', SEEN_MS).then(() => Date.now() - killedAt);
    log('s1 killed (SIGKILL)');
    await sleep(T.gapMs);
    metrics.push(await scrapeCompletedRuns(s2.base));
    const termAt = Date.now();
    const drainedDown = balancer.waitState('s2', 'DOWN', SEEN_MS).then(() => Date.now() - termAt);
    log('s2 sent SIGTERM (draining)');
    await s2.terminate();
    faults.drainedExitMs = Date.now() - termAt;
    faults.drainedExitCode = s2.exitCode;
    faults.killedDownMs = await killedDown;
    faults.drainedDownMs = await drainedDown;
    log(`s2 exited (${s2.exitCode ?? s2.exitSignal}); restarting s1 and s2`);
    const restartAt = Date.now();
    await Promise.all([s1.start(), s2.start()]);
    await Promise.all([balancer.waitState('s1', 'UP', SEEN_MS), balancer.waitState('s2', 'UP', SEEN_MS)]);
    faults.rejoinMs = Date.now() - restartAt;
  });
  await phase('after: three servers again', () => sleep(T.afterMs));
  await writes.stop();
  for (const s of servers) metrics.push(await scrapeCompletedRuns(s.base));
  Object.assign(
    faults,
    await balancer
      .counters()
      .then((c) => ({ haproxyRetries: c.retries, haproxyRedispatches: c.redispatches })),
  );

  const completed: Record<string, number> = {};
  for (const scrape of metrics)
    for (const [queue, n] of Object.entries(scrape)) completed[queue] = (completed[queue] ?? 0) + n;
  const payments = await checkPayments(databaseUrl, acks);
  const jobs = await checkJobs(databaseUrl, PERIODS, SHOWN_QUEUES, completed);

  const failures: string[] = [];
  const readErrors = phases.reduce((sum, p) => sum + p.reads.errors, 0);
  const writeErrors = phases.reduce((sum, p) => sum + p.writes.errors, 0);
  if (readErrors > 0) failures.push(`${readErrors} reads failed as the client saw them`);
  if (writeErrors > 0) failures.push(`${writeErrors} writes failed after all their retries`);
  if (payments.missing > 0) failures.push(`${payments.missing} acknowledged payments missing`);
  if (payments.doubled > 0) failures.push(`${payments.doubled} payments doubled`);
  if (jobs.doubledPeriods > 0) failures.push(`${jobs.doubledPeriods} job periods ran twice`);
  failures.push(...jobs.metricsAboveDatabase);
  if (faults.drainedExitCode !== 0) failures.push(`the stopped server exited with ${faults.drainedExitCode}`);
  // its drain, then its requests in flight (a write may wait for a killed server's lease): never the balancer's own
  // time-outs (20 s), which a connection left open would make it wait for
  if (faults.drainedExitMs > STOP_BOUND_MS) {
    failures.push(`the stopped server took ${faults.drainedExitMs} ms to exit (bound ${STOP_BOUND_MS} ms)`);
  }

  const report: ClusterReport = {
    date: new Date().toISOString().slice(0, 10),
    short: SHORT,
    node: process.version,
    haproxy,
    postgres: `PostgreSQL ${await serverVersion(databaseUrl)}`,
    redis: redisUrl ? 'Redis' : 'no Redis',
    readConnections: READS,
    writeWorkers: WRITERS,
    phases,
    faults,
    payments,
    jobs,
    wallSeconds: (performance.now() - startedAt) / 1000,
    failures,
  };
  const markdown = clusterMarkdown(report);
  console.log(`\n${markdown}\n`);
  for (const p of phases)
    for (const problem of [
      ...p.reads.problems.map((x) => `read: ${x}`),
      ...p.writes.problems,
      ...p.writes.retryReasons.map((x) => `write retried: ${x}`),
    ])
      log(`${p.name}: ${problem}`);
  for (const problem of payments.problems) log(`payments: ${problem}`);
  if (!SHORT && process.env.BENCH_WRITE_DOCS !== '0') writeDocs(markdown);
  return failures.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(
    `[cluster] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  for (const server of started)
    if (server.output()) console.error(`[cluster] last lines of ${server.name}:\n${server.output()}`);
} finally {
  await cleanUp();
}
process.exit(code);
