import { API, OPS_API, RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';
import { startTwoListeners, type TwoListeners } from './helpers/two-listeners.ts';

let listeners: TwoListeners;
let t: TestApp;
let publicBase: string;
let opsBase: string;

beforeAll(async () => {
  listeners = await startTwoListeners();
  ({ t, publicBase, opsBase } = listeners);
});
afterAll(() => listeners.close());

const api = (base: string, path: string) => `${base}${t.config.apiBase}${path}`;
async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { response: { rspCode: string; rspDesc?: string } };
  return { status: res.status, body: envelope.response };
}

describe('the console on a listener of its own (OPS_PORT)', () => {
  it('answers the console’s calls only on its own listener', async () => {
    const creds = { loginId: 'ops-admin', password: 'not-the-password-1' };
    const onOps = await post(api(opsBase, OPS_API.login), creds);
    expect(onOps.body.rspCode, JSON.stringify(onOps)).toBe(RSP.WRONG_CREDENTIALS);
    const onPublic = await post(api(publicBase, OPS_API.login), creds);
    expect(onPublic.status).toBe(404);
    expect(onPublic.body.rspCode).toBe(RSP.NOT_FOUND);
    expect((await fetch(`${publicBase}/ops/`)).status).toBe(404);
  });

  it('answers none of the borrower’s calls on the console’s listener', async () => {
    const borrower = await post(api(opsBase, API.userLogin), { loginId: 'demo', password: 'Demo1234' });
    expect(borrower.status).toBe(404);
    const onPublic = await post(api(publicBase, API.userLogin), {
      loginId: 'demo',
      password: 'wrong-pass-1',
    });
    expect(onPublic.body.rspCode, JSON.stringify(onPublic)).toBe(RSP.BAD_CIPHER_TEXT);
  });

  it('answers the health checks on both (each balancer checks its own)', async () => {
    for (const base of [publicBase, opsBase]) {
      expect((await fetch(api(base, API.health))).status).toBe(200);
      expect((await fetch(api(base, API.healthReady))).status).toBe(200);
    }
  });
});

describe('OPS_PORT and OPS_HOST settings', () => {
  it('refuses a console port that is the public one, not a port, or a host without a port', () => {
    expect(configProblems({ PORT: '3000', OPS_PORT: '3000' }).join('\n')).toContain('OPS_PORT 与 PORT 相同');
    expect(configProblems({ OPS_PORT: 'abc' }).join('\n')).toContain('OPS_PORT 必须是 1 到 65535 之间的整数');
    expect(configProblems({ OPS_HOST: '10.0.0.5' }).join('\n')).toContain('OPS_HOST 须与 OPS_PORT 一起设置');
    expect(configProblems({ OPS_PORT: '3100' })).toEqual([]);
  });
});
