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
import { CIPHER } from './helpers/app.ts';

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

async function startServer(drainMs: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-shutdown-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // the suite's database: PostgreSQL when DATABASE_URL is set (pool closed at the end), else its own PGlite
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(drainMs),
      SHUTDOWN_TIMEOUT_MS: '60000',
      WEB_DIST: join(dataDir, 'no-web'),
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

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/api${path}`, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the server process on SIGTERM', () => {
  it(
    'says not ready first, lets an in-flight request finish, then exits 0',
    async () => {
      const server = await startServer(10_000);
      expect((await get(server.port, API.healthReady)).status).toBe(200);

      // a sign-in whose body is still arriving when the signal comes
      const body = JSON.stringify({ loginId: 'demo', password: encryptField('wrong-password-1', CIPHER) });
      const half = Math.floor(body.length / 2);
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: `/api${API.userLogin}`,
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        server.child.kill('SIGTERM');
        get(server.port, API.healthReady)
          .then((ready) => {
            expect(ready.status).toBe(503);
            expect(JSON.parse(ready.body).result.draining).toBe(true);
            req.end(body.slice(half));
          })
          .catch(reject);
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
      expect((await get(server.port, API.healthReady)).status).toBe(503);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(EXIT.interrupted);
    },
    PROCESS_TEST_MS,
  );
});
