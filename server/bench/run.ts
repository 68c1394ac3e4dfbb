/**
 * `npm run bench`: GET /users/getUserInfo with a signed-in token, against the portal on PGlite and (when it
 * answers on 127.0.0.1:5432) on PostgreSQL, and a bare Fastify hello-world in the same run.
 * Prints requests/s, p50/p99 latency, the ratio to the bare server and each server's peak RSS.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import { BENCH_PRODUCTION_ENV, freePort, signIn, stopProcess } from './support.ts';

const serverDir = join(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMiB: number;
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
  const deadline = Date.now() + 90_000;
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

async function load(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

async function measure(name: string, child: ChildProcess, url: string, headers: Record<string, string> = {}) {
  await load(url, headers, 2); // warm-up
  const r = await load(url, headers, DURATION);
  const result: Result = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    peakRssMiB: peakRssMiB(child.pid!),
  };
  console.log(`[bench] ${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result;
}

async function benchPortal(name: string, env: NodeJS.ProcessEnv): Promise<Result> {
  // production never seeds: the demo accounts are added first by the operator command, outside production
  const seeded = spawnSync('npm', ['run', 'seed'], {
    cwd: serverDir,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const child = await startProcess(
    join(serverDir, 'src', 'main.ts'),
    { ...env, ...BENCH_PRODUCTION_ENV, PORT: String(port), LOG_LEVEL: 'warn' },
    `${base}/application_vue/clientConfig`,
    serverNodeFlags(env), // as `npm start` runs the server
  );
  try {
    const accessToken = await signIn(base, 'demo', 'Demo1234');
    return await measure(name, child, `${base}/users/getUserInfo`, { accessToken });
  } finally {
    await stopProcess(child, 5000);
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const results: Result[] = [];
{
  const port = await freePort();
  const child = await startProcess(
    join(import.meta.dirname, 'hello.ts'),
    { PORT: String(port) },
    `http://127.0.0.1:${port}/hello`,
  );
  try {
    results.push(await measure('bare Fastify hello-world', child, `http://127.0.0.1:${port}/hello`));
  } finally {
    await stopProcess(child, 5000);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-'));
try {
  results.push(
    await benchPortal('getUserInfo on PGlite (embedded)', { DATA_DIR: dataDir, DATABASE_URL: '' }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (await postgresAnswers()) {
  const db = `loan_bench_${Date.now()}`;
  await adminQuery(`create database ${db}`);
  try {
    const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${db}`;
    results.push(await benchPortal('getUserInfo on PostgreSQL', { DATABASE_URL }));
    const port = await freePort();
    const child = await startProcess(
      join(import.meta.dirname, 'hello.ts'),
      { PORT: String(port), DATABASE_URL },
      `http://127.0.0.1:${port}/hello`,
    );
    try {
      results.push(
        await measure(
          'reference: Fastify + one SELECT 1 on PostgreSQL',
          child,
          `http://127.0.0.1:${port}/select1`,
        ),
      );
    } finally {
      await stopProcess(child, 5000);
    }
  } finally {
    await adminQuery(`drop database if exists ${db} with (force)`);
  }
} else {
  console.log('[bench] PostgreSQL does not answer on 127.0.0.1:5432: skipped');
}

const bare = results[0]!;
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per run, ${new Date().toISOString()}, node ${process.version}\n`,
);
console.log('| server | req/s | p50 ms | p99 ms | ratio to bare | peak RSS MiB | errors | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / bare.rps).toFixed(2)} | ${r.peakRssMiB} | ${r.errors} | ${r.non2xx} |`,
  );
}
