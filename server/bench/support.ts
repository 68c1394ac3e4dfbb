// Shared by the benchmarks (run.ts, scale.ts): ports and child processes.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** SIGTERM, then waits for the exit (at most `waitMs`). */
export async function stopProcess(child: ChildProcess, waitMs = 10_000): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => {
    child.once('exit', r);
    setTimeout(r, waitMs);
  });
}
