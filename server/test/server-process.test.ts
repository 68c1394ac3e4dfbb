import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, encryptField } from '@loan/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { EXIT } from '../src/shutdown.ts';
import { CIPHER, PRODUCTION_ENV } from './helpers/app.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';

/**
 * The real server process (server/src/main.ts on its own embedded database) and the signals an orchestrator
 * sends it. Every wait is on an event (a line, an answer, the exit); the time-outs only catch a hang (starting
 * a process that opens, migrates and seeds a database takes seconds on a busy machine).
 */
const PROCESS_TEST_MS = 180_000;

const running: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
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
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
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

const MAIN = [process.execPath, '--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')];
/** the README's `npm start` (its launcher scripts/start.mjs, the web build skipped) */
const NPM_START = ['npm', 'start'];

async function startServer(
  drainMs: number,
  extraEnv: Record<string, string> = {},
  command: readonly string[] = MAIN,
): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-shutdown-'));
  dirs.push(dataDir);
  const port = await freePort();
  const [file = '', ...args] = command;
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // the suite's database: this worker's PostgreSQL database when DATABASE_URL is set, else its own PGlite
      DATABASE_URL: workerDatabaseUrl() ?? '',
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
function send(
  port: number,
  path: string,
  body?: string,
  midway?: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = body
      ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      : undefined;
    const method = body ? 'POST' : 'GET';
    const req = request(
      { host: '127.0.0.1', port, path: `/api${path}`, method, agent: false, headers },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (!body) return void req.end();
    if (!midway) return void req.end(body);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    midway().then(() => req.end(body.slice(half)), reject);
  });
}

const get = (port: number, path: string) => send(port, path);

/**
 * Readiness once the server has taken in a signal just sent: a request can be served before the signal's
 * handler runs, so ask until the answer changes (the drain lasts far longer than this takes).
 */
async function readyAfterSignal(port: number): Promise<{ status: number; body: string }> {
  for (;;) {
    const ready = await get(port, API.healthReady);
    if (ready.status !== 200) return ready;
  }
}

async function postJson(port: number, path: string, payload: unknown) {
  const answer = await send(port, path, JSON.stringify(payload));
  return JSON.parse(answer.body) as { response: { rspCode: string; rspDesc: string } };
}

describe('the server process on SIGTERM', () => {
  it(
    'says not ready first, lets an in-flight request finish, then exits 0',
    async () => {
      const server = await startServer(10_000);
      expect((await get(server.port, API.healthReady)).status).toBe(200);

      // a sign-in whose body is still arriving when the signal comes
      const body = JSON.stringify({ loginId: 'demo', password: encryptField('wrong-password-1', CIPHER) });
      const inFlight = send(server.port, API.userLogin, body, async () => {
        server.child.kill('SIGTERM');
        const ready = await readyAfterSignal(server.port);
        expect(ready.status).toBe(503);
        expect(JSON.parse(ready.body).result.draining).toBe(true);
      });

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).response.rspCode).toBe('2001');
      expect(await server.exited).toBe(EXIT.clean);
      expect(server.output()).toContain('stopped');
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits at once on a second signal',
    async () => {
      const server = await startServer(60_000);
      server.child.kill('SIGTERM');
      expect((await readyAfterSignal(server.port)).status).toBe(503);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(EXIT.interrupted);
    },
    PROCESS_TEST_MS,
  );
});

describe('the server process in production', () => {
  it(
    'refuses to start without its secrets: exit 1, one bilingual line per problem, nothing listens',
    async () => {
      const { code, output } = await runToExit({ NODE_ENV: 'production', PORT: String(await freePort()) });
      expect(code).toBe(1);
      expect(output).toContain('服务器拒绝启动 / the server refuses to start');
      for (const name of ['DIRECT_LOGIN_SECRET', 'PII_KEY', 'BANK_CALLBACK_SECRET_YNIT', 'SANDBOX']) {
        expect(output).toMatch(new RegExp(`- ${name}[^\\n]* / `));
      }
      expect(output).not.toContain('Loan portal is running');
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses an unknown NODE_ENV',
    async () => {
      const { code, output } = await runToExit({ NODE_ENV: 'prod' });
      expect(code).toBe(1);
      expect(output).toContain('NODE_ENV');
    },
    PROCESS_TEST_MS,
  );

  it(
    'with its secrets and SANDBOX=1: seeds nothing, prints no password, has no developer routes',
    async () => {
      const server = await startServer(0, { ...PRODUCTION_ENV, DATABASE_URL: '' });
      const banner = server.output();
      expect(banner).not.toContain('Demo1234');
      expect(banner).not.toContain('demo accounts');
      expect(banner).toContain('SANDBOX=1');
      expect((await get(server.port, API.devOutbox)).status).toBe(404);
      expect((await get(server.port, API.healthReady)).status).toBe(200);
      const signIn = await postJson(server.port, API.userLogin, {
        loginId: 'demo',
        password: encryptField('Demo1234', CIPHER),
      });
      expect(signIn.response.rspCode).toBe('2001');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(EXIT.clean);
    },
    PROCESS_TEST_MS,
  );
});

/** Whether a process of this machine still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the process is gone (asked every 100 ms; the test's time-out catches a hang). */
async function gone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('npm start and the signals an orchestrator sends it', () => {
  /** The server's own pid, from its banner (printed before startServer returns). */
  const serverPid = (output: string) => Number(output.match(/进程号 \/ pid: (\d+)/)?.[1] ?? 0);

  const CASES = [
    ['SIGTERM', 'passed on to the server'],
    ['SIGKILL', 'the launcher orphaned: the server stops all the same'],
  ] as const;
  for (const [signal, what] of CASES) {
    it(
      `npm start then ${signal} to npm: ${what}`,
      async () => {
        const server = await startServer(0, {}, NPM_START);
        const pid = serverPid(server.output());
        expect(pid, server.output()).toBeGreaterThan(0);
        expect(alive(pid)).toBe(true);
        server.child.kill(signal);
        await gone(pid);
        expect(alive(pid)).toBe(false);
      },
      PROCESS_TEST_MS,
    );
  }
});
