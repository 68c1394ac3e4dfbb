// Shared by the benchmarks (run.ts, scale.ts, memory.ts): ports, child processes, the production environment, sign-in.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { API, DEFAULT_FIELD_CIPHER_IV, DEFAULT_FIELD_CIPHER_KEY, encryptField } from '@loan/domain';
import { SECRETS } from '../src/config-secrets.ts';

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

/** The portal as in production: its own random secrets, the sandboxes chosen on purpose, no drain on stop. */
export const BENCH_PRODUCTION_ENV: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  SANDBOX: '1',
  SHUTDOWN_DRAIN_MS: '0',
  ...Object.fromEntries(SECRETS.map((s) => [s.variable, randomBytes(32).toString('hex')])),
  // production names the current key of each keyring (the id every sealed value carries)
  PII_KEY_ID: 'bench-pii',
  STORE_TOKEN_KEY_ID: 'bench-store',
  // production names the platform its receipts and certificates print (config-platform.ts)
  PLATFORM_LEGAL_NAME: '基准测试融资服务有限公司',
  PLATFORM_ACCOUNT_NO: '110060000000000000099',
  PLATFORM_ACCOUNT_BANK: '基准测试银行',
  PUBLIC_URL: 'http://127.0.0.1',
  // production names the support contacts its pages and documents print (config-support.ts)
  SUPPORT_PHONE: '400-000-0000',
  SUPPORT_EMAIL: 'bench@example.com',
  SUPPORT_HOURS: '每天 09:00–18:00',
};

/** Signs in through the API as the portal's page does (the password encrypted); the session's access token. */
export async function signIn(base: string, loginId: string, password: string): Promise<string> {
  const encrypted = encryptField(password, { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV });
  const res = await fetch(`${base}${API.userLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password: encrypted }),
  });
  const body = (await res.json()) as { response: { rspCode: string }; result: { accessToken: string } };
  if (body.response.rspCode !== '0000') throw new Error(`sign-in of ${loginId}: ${JSON.stringify(body)}`);
  return body.result.accessToken;
}
