import { describe, expect, it } from 'vitest';
import {
  alive,
  cleanUpProcessesAfterEach,
  gone,
  NPM_START,
  PROCESS_TEST_MS,
  startServer,
} from './helpers/server-process.ts';

/** `npm start` and the signals an orchestrator sends it: the server stops whether npm passes the signal on or dies. */
cleanUpProcessesAfterEach();

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
