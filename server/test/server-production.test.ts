import { API, encryptField, OPS_API } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/shutdown.ts';
import { CIPHER, PRODUCTION_ENV } from './helpers/app.ts';
import {
  cleanUpProcessesAfterEach,
  freePort,
  get,
  PROCESS_TEST_MS,
  postJson,
  runToExit,
  startServer,
} from './helpers/server-process.ts';

/** The real server process in production: refuses to start without its secrets or with an unknown NODE_ENV, and with them seeds and shows nothing of development. */
cleanUpProcessesAfterEach();

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
      expect(banner).not.toContain('Console2026');
      expect(banner).not.toContain('TOTP');
      expect(banner).toContain('SANDBOX=1');
      expect((await get(server.port, API.devOutbox)).status).toBe(404);
      expect((await get(server.port, API.healthReady)).status).toBe(200);
      const signIn = await postJson(server.port, API.userLogin, {
        loginId: 'demo',
        password: encryptField('Demo1234', CIPHER),
      });
      expect(signIn.response.rspCode).toBe('2001');
      const opsSignIn = await postJson(server.port, OPS_API.login, {
        loginId: 'ops-admin',
        password: 'Console2026',
      });
      expect(opsSignIn.response.rspCode).toBe('2001');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(EXIT.clean);
    },
    PROCESS_TEST_MS,
  );
});
