/**
 * `npm run bench:memory`: the resident memory of the real server process, started by `npm start`'s launcher
 * (`node scripts/start.mjs`, which runs `node <serverNodeFlags> --import tsx server/src/main.ts`; the web build
 * skipped, development, LOG_LEVEL=warn), on PGlite in a fresh temporary DATA_DIR and, when DATABASE_URL is set
 * (an empty database), on PostgreSQL. Figures are of the server process, not of the launcher:
 *   1. first start on the empty data: VmRSS once idle (BENCH_IDLE_SECONDS after /health/ready answers);
 *   2. stop (SIGTERM) and start again on the same data: VmRSS once idle;
 *   3. signed in as the demo borrower, GET /users/getUserInfo under autocannon as `npm run bench` loads it
 *      (BENCH_CONNECTIONS, BENCH_SECONDS after a 2 s warm-up): VmHWM, the peak of the restarted process.
 * Prints a Markdown table and a MEMORY_FIGURES JSON line (memory-report.ts), and exits 1 naming each figure of the
 * embedded server over its target.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type MemoryFigures, memoryReport, targetsMissed } from './memory-report.ts';
import { freePort, signIn, stopProcess } from './support.ts';

const serverDir = join(import.meta.dirname, '..');
const repoRoot = join(serverDir, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);

function procStatusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Running {
  /** the launcher: signals sent to it are passed on to the server */
  child: ChildProcess;
  /** the server process */
  pid: number;
  base: string;
}

/** The one child of the launcher: the server. */
function serverPid(launcher: number): number {
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
  if (children.length !== 1 || !children[0]) throw new Error(`launcher children: ${children.join(' ')}`);
  return Number(children[0]);
}

/** The server as `npm start` runs it, ready to answer. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SKIP_WEB_BUILD: '1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const status = await fetch(`${base}/health/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { child, pid: serverPid(child.pid!), base };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Lets the server settle (jobs started, start-up garbage collected as it would be) before reading VmRSS. */
async function idleRss(pid: number): Promise<number> {
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  return procStatusMiB(pid, 'VmRSS');
}

async function measure(database: string, env: NodeJS.ProcessEnv, seed: () => void): Promise<MemoryFigures> {
  const first = await startServer(env);
  let firstStartIdle: number;
  let firstStartPeak: number;
  try {
    firstStartIdle = await idleRss(first.pid);
    firstStartPeak = procStatusMiB(first.pid, 'VmHWM');
  } finally {
    await stopProcess(first.child);
  }
  seed();
  const again = await startServer(env);
  try {
    const restartIdle = await idleRss(again.pid);
    const url = `${again.base}/users/getUserInfo`;
    const headers = { accessToken: await signIn(again.base, 'demo', 'Demo1234') };
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
    const load = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
    if (load.non2xx) throw new Error(`load: ${load.non2xx} answers were not 2xx`);
    if (load.errors) console.warn(`[bench:memory] ${database}: ${load.errors} requests failed or timed out`);
    const loadPeak = procStatusMiB(again.pid, 'VmHWM');
    const rps = Math.round(load.requests.average);
    const figures = { database, firstStartIdle, firstStartPeak, restartIdle, loadPeak, rps };
    console.log(`[bench:memory] ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await stopProcess(again.child);
  }
}

const rows: MemoryFigures[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-memory-'));
try {
  // the embedded database seeds the demo accounts itself on its first start (outside production)
  rows.push(await measure('PGlite (embedded)', { DATA_DIR: dataDir, DATABASE_URL: '' }, () => {}));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  // PostgreSQL is never seeded by the server: the operator command adds the demo accounts between the starts
  const seed = () => {
    const seeded = spawnSync('npm', ['run', 'seed'], { cwd: serverDir, env: process.env, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  };
  rows.push(await measure('PostgreSQL (DATABASE_URL)', { DATABASE_URL: databaseUrl }, seed));
} else {
  console.log('[bench:memory] DATABASE_URL is not set: PostgreSQL skipped');
}

console.log(
  `\n${new Date().toISOString()}, node ${process.version}, idle readings ${IDLE_SECONDS} s after ready\n`,
);
console.log(memoryReport(rows, { connections: CONNECTIONS, seconds: DURATION }));
const missed = targetsMissed(rows);
if (missed.length > 0) {
  console.error(`[bench:memory] over target:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
}
