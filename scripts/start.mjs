#!/usr/bin/env node
// `npm start`: build the web app and the operator console when their sources are newer than their builds, then start the server
// (which migrates and seeds the embedded database on first start and serves portal + API).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The two front ends the server serves, each rebuilt when its sources are newer than its build. */
const APPS = [
  {
    workspace: 'web',
    label: '前端 / the web app',
    built: join(root, 'web', 'dist', 'index.html'),
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'domain/src'],
  },
  {
    workspace: 'console',
    label: '运营后台 / the operator console',
    built: join(root, 'console', 'dist', 'index.html'),
    sources: ['console/src', 'console/index.html', 'console/vite.config.ts', 'domain/src'],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale(app) {
  if (!existsSync(app.built)) return true;
  const builtAt = statSync(app.built).mtimeMs;
  return app.sources.some((p) => newestMtime(join(root, p)) > builtAt);
}

for (const app of APPS) {
  if (process.env.SKIP_WEB_BUILD === '1' || !buildIsStale(app)) continue;
  console.log(`[start] 正在构建${app.label}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags(process.env), '--import', 'tsx', join(root, 'server', 'src', 'main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    forwarded = true;
    server.kill(signal);
  });
}
// A launcher that goes away without passing its signal on (npm does when a script runs under `sh -c`) would leave
// this process and the server orphaned and running: stop the server then, as if the signal had come.
const launcher = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === launcher || forwarded) return;
  clearInterval(orphanWatch);
  forwarded = true;
  server.kill('SIGTERM');
}, 1000);
orphanWatch.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
