import { Agent } from 'node:http';
import { API, encryptField } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/shutdown.ts';
import { CIPHER } from './helpers/app.ts';
import {
  cleanUpProcessesAfterEach,
  PROCESS_TEST_MS,
  readyAfterSignal,
  send,
  startServer,
} from './helpers/server-process.ts';

/** The real server process on SIGTERM: drains (not ready first), lets requests finish, exits; a second signal at once. */
cleanUpProcessesAfterEach();

describe('the server process on SIGTERM', () => {
  it(
    'says not ready first, lets an in-flight request finish (closing its connection after it), then exits 0',
    async () => {
      const server = await startServer(10_000);
      // a balancer's connections are kept alive: until the signal, answers keep them open
      const keptAlive = new Agent({ keepAlive: true });
      const before = await send(server.port, API.healthReady, undefined, undefined, keptAlive);
      expect(before.status).toBe(200);
      expect(before.connection).toBe('keep-alive');

      // a sign-in whose body is still arriving when the signal comes
      const body = JSON.stringify({ loginId: 'demo', password: encryptField('wrong-password-1', CIPHER) });
      const inFlight = send(
        server.port,
        API.userLogin,
        body,
        async () => {
          server.child.kill('SIGTERM');
          const ready = await readyAfterSignal(server.port);
          expect(ready.status).toBe(503);
          expect(JSON.parse(ready.body).result.draining).toBe(true);
        },
        keptAlive,
      );

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      // the stop does not wait for the balancer to drop a kept-alive connection
      expect(answer.connection).toBe('close');
      keptAlive.destroy();
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
