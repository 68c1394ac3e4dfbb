import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_SERVERS } from './servers.ts';
import { DIRECT_LOGIN_SECRET, E2E_USERS } from './users.ts';

const repo = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(cmd, args, { cwd: repo, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/application_vue/clientConfig`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within 90 s:\n${output()}`);
}

/** One e2e server: the built app on its own copy of the prepared data directory and its own port. */
async function startServer(env: NodeJS.ProcessEnv, dataDir: string) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server', 'src', 'main.ts')], {
    cwd: repo,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child, () => output);
  return { baseURL, child, dataDir };
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => {
    if (child.exitCode !== null) r(null);
    child.once('exit', r);
    setTimeout(r, 5000);
  });
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // development: the server's developer routes (outbox, collections trigger) exist only there
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    DIRECT_LOGIN_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // the sandbox banks decide after 1.5 s instead of 5 s, so the journeys see the decision arrive quickly
    SANDBOX_DECISION_DELAY_MS: '1500',
  };

  // The tests run against what the sources say now: always build, and build what `npm start` serves, a production
  // bundle (React's production runtime). Vite keeps a NODE_ENV it finds set, so the server's `development` must not leak in.
  run('npm', ['run', 'build', '-w', 'web'], { ...env, NODE_ENV: 'production' });
  run('npm', ['run', 'build', '-w', 'console'], { ...env, NODE_ENV: 'production' });
  // The demo accounts and the extra users, through the operator CLI's command code, in one process, before a
  // server holds the data directory.
  const createUsers = E2E_USERS.map((user) => [
    'create',
    user.loginId,
    '--name',
    user.name,
    '--phone',
    user.phone,
    '--email',
    user.email,
    '--password',
    user.password,
  ]);
  run(process.execPath, ['--import', 'tsx', join(repo, 'server', 'test', 'helpers', 'prepare-accounts.ts')], {
    ...env,
    PREPARE_ACCOUNTS: JSON.stringify(createUsers),
  });

  // Every worker gets a server of its own on a copy of the prepared data (made while no process holds it).
  const dirs = [dataDir];
  for (let n = 1; n < E2E_SERVERS; n += 1) {
    const copy = mkdtempSync(join(tmpdir(), 'loan-e2e-'));
    cpSync(dataDir, copy, { recursive: true });
    dirs.push(copy);
  }
  const servers = await Promise.all(dirs.map((dir) => startServer(env, dir)));
  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );

  return async () => {
    await Promise.all(servers.map((server) => stopServer(server.child)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** one server per e2e worker (support.ts baseURL) */
    baseURLs: string[];
  }
}
