import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { inWorkScope } from '../lib/work-scope.ts';
import { bossDatabase } from './boss-db.ts';

/** One kind of background work. */
export interface JobDefinition {
  /** the queue's name: lower-case letters, digits and hyphens */
  name: string;
  /**
   * At most one run per period across every server: each server offers a job every quarter period (at most
   * every tick; OFFER_FRACTION), the engine keeps one per period slot (of the database's clock), one waiting
   * and one running at a time.
   */
  everySeconds: number;
  /**
   * the work; what it returns is logged as the outcome. A run is one bounded batch: `budget` aborts when half
   * the expiry has passed, and a sweep stops taking new items then (the rest waits for the next period), so a
   * run ends long before its expiry and is never run twice at once. `log`: the run's own logger (bound to its
   * `runId`), passed by the engine; the run is also the work in hand of lib/work-scope.ts, so `ctx.log` lines
   * carry the runId too.
   */
  run(budget: AbortSignal, log?: JobLog): Promise<unknown>;
  /** asked before a job is offered (cheap, e.g. "is anything due?"); default: always */
  wanted?(): Promise<boolean>;
  /** an outcome that did nothing is logged at debug instead of info (frequent sweeps) */
  idle?(result: unknown): boolean;
  /** tries after the first failure; default 3 */
  retryLimit?: number;
  /** seconds before the first retry, doubled (with jitter) each time after; default 1 */
  retryDelaySeconds?: number;
  /**
   * a run longer than this fails and is retried; default DEFAULT_EXPIRE_SECONDS. It is also how long a queue
   * waits when the server running its job dies: keep it to seconds (crashRecoverySeconds ≤ 60).
   */
  expireInSeconds?: number;
}

export interface JobLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  /** a logger whose every line carries `bindings` (pino's); without it the run's lines go to this one */
  child?(bindings: Record<string, unknown>): JobLog;
}

export interface JobEngineOptions {
  db: Database;
  log: JobLog;
  jobs: JobDefinition[];
  /** the engine's own schema (pg-boss tables); default `pgboss` */
  schema?: string;
  /** how often this server offers jobs; default 1000 ms */
  tickMs?: number;
  /** how often an idle worker looks for a job; default 0.5 s (pg-boss's minimum) */
  pollingIntervalSeconds?: number;
  /** how long stop waits for running jobs before it fails them (they are retried); default 10 000 ms */
  stopTimeoutMs?: number;
  /**
   * how often the engine fails jobs past their expiry (a dead server's), on whichever server's turn it is;
   * default MAINTENANCE_SECONDS
   */
  maintenanceSeconds?: number;
  /** observes each offer: the job's id when it was queued, null when the period already has its job */
  onOffer?(name: string, jobId: string | null): void;
  /** observes each run on this server when it ends: its queue, outcome, milliseconds and run id (metrics, traces) */
  onRun?(name: string, outcome: JobOutcome, ms: number, runId: string): void;
}

export type JobOutcome = 'completed' | 'failed';

export interface JobEngine {
  /** creates the engine's schema and queues if missing, then starts the workers and the ticker */
  start(): Promise<void>;
  /** stops offering and taking jobs, waits for running ones at most stopTimeoutMs, and returns */
  stop(): Promise<void>;
  /** the schema of the engine's tables */
  readonly schema: string;
}

/** the engine's schema unless the app is given another (tests give each file its own) */
export const DEFAULT_JOB_SCHEMA = 'pgboss';
/** a run's expiry unless its definition says otherwise: runs are bounded batches of seconds */
export const DEFAULT_EXPIRE_SECONDS = 20;
export const DEFAULT_RETRY_LIMIT = 3;
export const DEFAULT_RETRY_DELAY_SECONDS = 1;
/** how often expired runs are failed (and so retried elsewhere) */
export const MAINTENANCE_SECONDS = 5;
/**
 * How often an idle worker looks for a job. A job this server offers wakes its worker at once (notifyWorker),
 * so polling only finds retries and jobs another server queued while its own worker was busy: an idle server
 * then costs a few queries a second instead of two per queue.
 */
export const POLLING_SECONDS = 2;
/**
 * A queue is offered at most every quarter of its period (and at most every tick): a period's job is queued
 * within a quarter period of the period's start (the database's clock decides the period; a server's clock may
 * be a little off), and a server no longer asks every second for an hourly job it cannot queue.
 */
export const OFFER_FRACTION = 0.25;

/**
 * The longest a queue waits after the server running its job dies (kill -9, power cut): the run's expiry, then
 * up to two maintenance periods (the dead server may have just taken its turn), then the retry's backoff (the
 * delay doubled for each earlier try, times up to 2 for jitter: pg-boss's formula), then one poll.
 */
export function crashRecoverySeconds(
  definition: JobDefinition,
  maintenanceSeconds = MAINTENANCE_SECONDS,
): number {
  const expire = definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS;
  const delay = definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
  const limit = definition.retryLimit ?? DEFAULT_RETRY_LIMIT;
  return expire + 2 * maintenanceSeconds + delay * 2 ** limit + POLLING_SECONDS;
}

/**
 * The job engine: pg-boss (PostgreSQL, `FOR UPDATE SKIP LOCKED` claims) on the app's own database, the
 * embedded PGlite included (see boss-db.ts). Every queue is `stately`: one job waiting and one running at a
 * time across all servers, so a job is never run twice at once. Each run is logged with the job's name, id
 * and outcome; a failed run is retried with exponential backoff.
 */
export function createJobEngine(options: JobEngineOptions): JobEngine {
  const { log, jobs } = options;
  const schema = options.schema ?? DEFAULT_JOB_SCHEMA;
  const tickMs = options.tickMs ?? 1000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const db = bossDatabase(options.db);
  const boss = new PgBoss({
    db: db as unknown as PgBoss.Db,
    schema,
    // periods are kept by the ticker below (per-slot singletons), not by pg-boss's minute cron
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? MAINTENANCE_SECONDS,
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
  let stopping = false;
  let ticker: NodeJS.Timeout | null = null;
  let ticking = false;
  let starting: Promise<void> | null = null;
  /** queue name → this server's worker */
  const workers = new Map<string, string>();
  /** the budgets of the runs under way here: stopping ends them early */
  const running = new Set<AbortController>();
  /** queue name → when this server offers it again (OFFER_FRACTION) */
  const nextOffer = new Map<string, number>();

  boss.on('error', (error: unknown) => {
    if (!stopping) log.error({ err: error }, '任务引擎出错 / job engine error');
  });

  const runJob = async (definition: JobDefinition, job: PgBoss.JobWithMetadata) => {
    const fields = { job: definition.name, jobId: job.id, attempt: job.retryCount + 1 };
    // every line of the run carries its id (a retry keeps the id, its attempt says which)
    const runId = `job:${definition.name}:${job.id}`;
    const runLog = log.child?.({ runId }) ?? log;
    if (stopping) throw new Error('job engine stopping');
    const started = Date.now();
    const budget = new AbortController();
    const expireMs = (definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000;
    const timer = setTimeout(() => budget.abort(), expireMs / 2);
    timer.unref();
    running.add(budget);
    try {
      const scope = { runId, ...(log.child ? { log: runLog as unknown as FastifyBaseLogger } : {}) };
      const result = await inWorkScope(scope, () => definition.run(budget.signal, runLog));
      const line = { ...fields, outcome: 'completed', result, ms: Date.now() - started };
      if (definition.idle?.(result)) runLog.debug(line, '后台任务完成 / job completed');
      else runLog.info(line, '后台任务完成 / job completed');
      options.onRun?.(definition.name, 'completed', line.ms, runId);
      return result;
    } catch (error) {
      const willRetry = job.retryCount < job.retryLimit;
      runLog.warn(
        { ...fields, outcome: 'failed', willRetry, err: error, ms: Date.now() - started },
        '后台任务失败 / job failed',
      );
      options.onRun?.(definition.name, 'failed', Date.now() - started, runId);
      throw error;
    } finally {
      clearTimeout(timer);
      running.delete(budget);
    }
  };

  const offer = async (definition: JobDefinition) => {
    const now = Date.now();
    if (now < (nextOffer.get(definition.name) ?? 0)) return;
    // a queue that wants nothing is asked again at the next tick
    if (definition.wanted && !(await definition.wanted())) return;
    nextOffer.set(definition.name, now + definition.everySeconds * 1000 * OFFER_FRACTION);
    const jobId = await boss.send(
      definition.name,
      {},
      { singletonKey: definition.name, singletonSeconds: definition.everySeconds },
    );
    options.onOffer?.(definition.name, jobId);
    // this server's worker takes it now rather than at its next poll
    const workerId = workers.get(definition.name);
    if (jobId && workerId) boss.notifyWorker(workerId);
  };

  const tick = async () => {
    if (ticking || stopping) return;
    ticking = true;
    try {
      for (const definition of jobs) {
        if (stopping) break;
        try {
          await offer(definition);
        } catch (error) {
          log.warn({ err: error, job: definition.name }, '后台任务未能排队 / job not queued');
        }
      }
    } finally {
      ticking = false;
    }
  };

  const start = async () => {
    await boss.start();
    for (const definition of jobs) {
      const queue: PgBoss.Queue = {
        name: definition.name,
        policy: 'stately',
        retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      };
      await retryOnDeadlock(() => boss.createQueue(definition.name, queue));
      await boss.updateQueue(definition.name, queue);
      const workerId = await boss.work<object>(
        definition.name,
        { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLLING_SECONDS },
        async ([job]) => (job ? runJob(definition, job) : undefined),
      );
      workers.set(definition.name, workerId);
    }
    if (stopping) return;
    void tick();
    ticker = setInterval(() => void tick(), tickMs);
    ticker.unref();
  };

  return {
    schema,
    start: () => {
      starting ??= start();
      return starting;
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      if (ticker) clearInterval(ticker);
      for (const budget of running) budget.abort();
      await starting?.catch(() => {});
      await withinMs(boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs }), stopTimeoutMs + 2000);
      // a worker loop still winding down may have a statement on its way: none is left running after stop
      await withinMs(db.close(), 5000);
    },
  };
}

/**
 * Servers that start together create the same queue at once; PostgreSQL may then pick one of them as a
 * deadlock victim (the queue's partition is attached under locks). Its second try finds the queue made.
 */
async function retryOnDeadlock(create: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Waits for the promise, at most `ms`; a failure is ignored (stopping must return). */
async function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.catch(() => {}), bound]);
  } finally {
    clearTimeout(timer);
  }
}
