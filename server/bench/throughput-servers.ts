// The servers the throughput benchmark loads (run.ts, check.ts): the portal as `npm start` runs it in production,
// and the references of the same run: bare Fastify, and Fastify answering one `SELECT 1` on each database.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import { BENCH_PRODUCTION_ENV, freePort, stopProcess } from './support.ts';

const serverDir = join(import.meta.dirname, '..');

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMiB: number;
  /** the server process's CPU time (user + system) per request, in microseconds: steady under a busy host */
  cpuUsPerRequest: number;
}

export interface LoadOptions {
  connections: number;
  /** the length of each measured round */
  seconds: number;
  /** rounds per target, the targets taking turns (default 3): a host that slows for a while slows them all */
  rounds?: number;
}

/** user + system CPU time of a process so far, in microseconds (/proc/<pid>/stat, clock ticks of 10 ms) */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeFlags: readonly string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.status < 500) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

/** One URL to load, and the process that answers it. */
export interface Target {
  name: string;
  child: ChildProcess;
  url: string;
  headers: Record<string, string>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * Loads each target (after a 2 s warm-up each) in `rounds` rounds, the targets taking turns within a round, so
 * that ratios between them compare the same stretch of the host's time. Each result is the median of its rounds
 * (req/s, p50, p99); the CPU per request over all rounds; the server's peak RSS at the end.
 */
export async function measureRounds(targets: readonly Target[], load: LoadOptions): Promise<Result[]> {
  const run = (target: Target, seconds: number) =>
    autocannon({
      url: target.url,
      connections: load.connections,
      duration: seconds,
      headers: target.headers,
    });
  for (const target of targets) await run(target, 2);
  const rounds = load.rounds ?? 3;
  const seen = targets.map(() => ({
    rps: [] as number[],
    p50: [] as number[],
    p99: [] as number[],
    errors: 0,
    non2xx: 0,
    requests: 0,
    cpu: 0,
  }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const acc = seen[i] as (typeof seen)[number];
      const cpuBefore = cpuUs(target.child.pid ?? 0);
      const r = await run(target, load.seconds);
      acc.cpu += cpuUs(target.child.pid ?? 0) - cpuBefore;
      acc.rps.push(r.requests.average);
      acc.p50.push(r.latency.p50);
      acc.p99.push(r.latency.p99);
      acc.errors += r.errors + r.timeouts;
      acc.non2xx += r.non2xx;
      acc.requests += r.requests.total;
    }
  }
  return targets.map((target, i) => {
    const acc = seen[i] as (typeof seen)[number];
    const result: Result = {
      name: target.name,
      rps: Math.round(median(acc.rps)),
      p50: median(acc.p50),
      p99: median(acc.p99),
      errors: acc.errors,
      non2xx: acc.non2xx,
      peakRssMiB: peakRssMiB(target.child.pid ?? 0),
      cpuUsPerRequest: Math.round(acc.cpu / Math.max(1, acc.requests)),
    };
    console.log(
      `[bench] ${result.name}: ${result.rps} req/s (rounds: ${acc.rps.map(Math.round).join(', ')}), ` +
        `p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.cpuUsPerRequest} µs CPU per request`,
    );
    return result;
  });
}

/** A running server and where it answers. */
export interface Running {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * The portal in production mode on `env`'s database, its demo data seeded first with the same keys, then
 * `prepare` run on the database before the portal opens it.
 */
export async function startPortal(env: NodeJS.ProcessEnv, prepare?: () => Promise<void>): Promise<Running> {
  // production never seeds: the demo accounts are added first, outside production, with production's keys
  const seeded = spawnSync('npm', ['run', 'seed'], {
    cwd: serverDir,
    env: { ...process.env, ...BENCH_PRODUCTION_ENV, ...env, NODE_ENV: 'development' },
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  await prepare?.();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const child = await startProcess(
    join(serverDir, 'src', 'main.ts'),
    { ...env, ...BENCH_PRODUCTION_ENV, PORT: String(port), LOG_LEVEL: 'warn' },
    `${base}/application_vue/clientConfig`,
    // as `npm start` runs the server; BENCH_PROFILE_DIR: with a CPU profile written there on stop
    [...serverNodeFlags(env), ...profileFlags()],
  );
  return { child, base, stop: () => stopProcess(child, 10_000) };
}

function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** hello.ts: bare Fastify, and with a database its one-query route `/select1`. */
export async function startReference(env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    join(import.meta.dirname, 'hello.ts'),
    { ...env, PORT: String(port) },
    `${base}/hello`,
  );
  return { child, base, stop: () => stopProcess(child, 5000) };
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
