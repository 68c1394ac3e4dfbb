import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import type { App } from '../../src/http.ts';
import type { BackgroundOptions } from '../../src/jobs/background.ts';
import { createTestApp, type TestApp } from './app.ts';

/** A job-engine schema of its own for each test file: jobs of one file never run in another. */
export function testJobSchema(): string {
  return `jobs_test_${randomBytes(5).toString('hex')}`;
}

/**
 * Drops a file's job schema. PostgreSQL may pick the drop as a deadlock victim against the engine's own
 * maintenance in that schema (it locks the same tables in another order): the victim is rolled back whole,
 * so the drop is tried again.
 */
export async function dropJobSchema(db: Database, schema: string, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
      return;
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (code !== '40P01' || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export interface JobServers {
  /** the test database (seeded), its clock and config; its own app runs no jobs */
  base: TestApp;
  /** the servers, each running the job engine on the same database */
  servers: App[];
  schema: string;
  close(): Promise<void>;
}

export interface JobServersOptions {
  count: number;
  /** the engine's options, the same for every server or per server */
  jobs?: Omit<BackgroundOptions, 'schema'> | ((index: number) => Omit<BackgroundOptions, 'schema'>);
  banks?: BuildAppOptions['banks'];
  /** per server: its SMS/e-mail adapter (default: the sandbox outbox on the shared database) */
  outbox?: (index: number) => BuildAppOptions['outbox'];
  logger?: BuildAppOptions['logger'];
  /** data the servers find when they start (their first jobs run at once) */
  prepare?: (base: TestApp) => Promise<void>;
  /** per server, before it is ready (hooks that count requests …) */
  setup?: (app: App, index: number) => void;
}

/** `count` servers on one database, as behind a load balancer, each with startJobs. */
export async function startJobServers(options: JobServersOptions): Promise<JobServers> {
  const base = await createTestApp();
  const schema = testJobSchema();
  await options.prepare?.(base);
  const servers: App[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const app = await buildApp({
      config: base.config,
      db: base.db,
      now: base.clock.now,
      logger: options.logger ?? false,
      banks: options.banks,
      outbox: options.outbox?.(i),
      startJobs: true,
      jobs: {
        stopTimeoutMs: 2000,
        ...(typeof options.jobs === 'function' ? options.jobs(i) : options.jobs),
        schema,
      },
    });
    options.setup?.(app, i);
    servers.push(app);
  }
  // ready together: the engines start side by side, as servers behind a load balancer do
  await Promise.all(servers.map((app) => app.ready()));
  return {
    base,
    servers,
    schema,
    close: async () => {
      await Promise.all(servers.map((app) => app.close()));
      await dropJobSchema(base.db, schema);
      await base.close();
    },
  };
}

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  singleton_on: string | null;
}

/** The engine's records of a queue, current and archived. */
export async function jobRows(db: Database, schema: string, name: string): Promise<JobRow[]> {
  const rows = await db.execute(
    sql.raw(
      `select id::text, name, state::text, retry_count, singleton_on::text from ${schema}.job where name = '${name}'
       union all
       select id::text, name, state::text, retry_count, singleton_on::text from ${schema}.archive where name = '${name}'`,
    ),
  );
  return (rows as unknown as { rows: JobRow[] }).rows;
}

/** The database's clock in whole seconds since 1970 (the engine's periods are slots of it). */
export async function databaseEpoch(db: Database): Promise<number> {
  const rows = await db.execute(sql.raw('select floor(extract(epoch from clock_timestamp()))::int as s'));
  return Number((rows as unknown as { rows: Array<{ s: number }> }).rows[0]?.s);
}

/** Waits until `check` holds, polling; fails after `boundMs` (generous: a busy machine must not reach it). */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  boundMs = 60_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > boundMs) throw new Error(`not reached within ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
