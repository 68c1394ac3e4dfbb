import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { type Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { afterEach, inject } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { workerDatabaseUrl } from './database-url.ts';

/**
 * The real server process (server/src/main.ts on its own embedded database) and the signals an orchestrator
 * sends it. Every wait is on an event (a line, an answer, the exit); the time-outs only catch a hang (starting
 * a process that opens, migrates and seeds a database takes seconds on a busy machine).
 */
export const PROCESS_TEST_MS = 180_000;

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** Call at the top of a test file: after each test, kills what it started and removes its data directories. */
export function cleanUpProcessesAfterEach(): void {
  afterEach(() => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  output: () => string;
}

/** Runs main.ts to its end with this environment: its exit code and what it printed. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

export const MAIN = [process.execPath, '--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')];
/** the README's `npm start` (its launcher scripts/start.mjs, the web build skipped) */
export const NPM_START = ['npm', 'start'];

export async function startServer(
  drainMs: number,
  extraEnv: Record<string, string> = {},
  command: readonly string[] = MAIN,
): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-shutdown-'));
  dirs.push(dataDir);
  const databaseUrl = workerDatabaseUrl();
  // On PGlite (the suite's, or one the test asks for with DATABASE_URL ''), a copy of the migrated data directory
  // the PGlite suite's global setup made, not a cluster created and migrated anew for each start
  const template = inject('pgliteDataDir');
  if (template && !(extraEnv.DATABASE_URL ?? databaseUrl)) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const [file = '', ...args] = command;
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // the suite's database: this worker's PostgreSQL database when DATABASE_URL is set, else its own PGlite
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(drainMs),
      SHUTDOWN_TIMEOUT_MS: '60000',
      WEB_DIST: join(dataDir, 'no-web'),
      SKIP_WEB_BUILD: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  let onOutput = () => {};
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      output += chunk;
      onOutput();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // the banner is printed once the server listens
  await new Promise<void>((resolve, reject) => {
    onOutput = () => {
      if (output.includes('Loan portal is running')) resolve();
    };
    exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, port, exited, output: () => output };
}

/**
 * One request to the API: GET without a body, else a JSON POST. With `midway`, the first half of the body is
 * sent, then midway runs, then the rest follows: a request in flight while midway acts.
 */
export function send(
  port: number,
  path: string,
  body?: string,
  midway?: () => Promise<void>,
  agent: Agent | false = false,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = body
      ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      : undefined;
    const method = body ? 'POST' : 'GET';
    const req = request({ host: '127.0.0.1', port, path: `/api${path}`, method, agent, headers }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
      );
    });
    req.on('error', reject);
    if (!body) return void req.end();
    if (!midway) return void req.end(body);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    midway().then(() => req.end(body.slice(half)), reject);
  });
}

export const get = (port: number, path: string) => send(port, path);

/**
 * Readiness once the server has taken in a signal just sent: a request can be served before the signal's
 * handler runs, so ask until the answer changes (the drain lasts far longer than this takes).
 */
export async function readyAfterSignal(port: number): Promise<{ status: number; body: string }> {
  for (;;) {
    const ready = await get(port, API.healthReady);
    if (ready.status !== 200) return ready;
  }
}

export async function postJson(port: number, path: string, payload: unknown) {
  const answer = await send(port, path, JSON.stringify(payload));
  return JSON.parse(answer.body) as { response: { rspCode: string; rspDesc: string } };
}

/** Whether a process of this machine still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the process is gone (asked every 100 ms; the test's time-out catches a hang). */
export async function gone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}
