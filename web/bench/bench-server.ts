// The server as `npm start` runs it, for the web benchmarks (lighthouse.ts, console-a11y.ts): built front ends not
// rebuilt, an embedded database in the given DATA_DIR, demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', SKIP_WEB_BUILD: '1', DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 180_000; ) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 180 s');
}
