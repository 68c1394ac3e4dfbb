import { createHmac } from 'node:crypto';
import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { signDirectLoginTicket } from '../src/modules/auth/direct-ticket.ts';
import { call, createTestApp, MINUTE, TEST_DIRECT_LOGIN_SECRET, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const direct = (ticket: string) =>
  call<{ accessToken: string; mustChangePassword: boolean }>(t.app, 'POST', '/application_vue/directLogin', {
    ticket,
  });
const sign = (loginId: string, options: Parameters<typeof signDirectLoginTicket>[2] = {}) =>
  signDirectLoginTicket(TEST_DIRECT_LOGIN_SECRET, loginId, { now: t.clock.now(), ...options });
const BAD = { rspCode: RSP.BAD_TICKET, rspDesc: rspText(RSP.BAD_TICKET) };

function forge(payload: object, secret = TEST_DIRECT_LOGIN_SECRET): string {
  const first = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${first}.${createHmac('sha256', secret).update(first).digest('base64url')}`;
}

describe('POST /application_vue/directLogin', () => {
  it('a good ticket signs in once; the replay gets 2008', async () => {
    const ticket = sign('demo');
    const res = await direct(ticket);
    expect(res.response.rspCode).toBe(RSP.OK);
    const info = await call<{ loginId: string }>(t.app, 'GET', '/users/getUserInfo', undefined, {
      token: res.result.accessToken,
    });
    expect(info.result.loginId).toBe('demo');
    expect((await direct(ticket)).response).toEqual(BAD);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.direct'))).toHaveLength(1);
  });

  it('is signed the way a partner would (HMAC-SHA256 over the base64url JSON)', async () => {
    const exp = Math.floor(t.clock.now().getTime() / 1000) + 300;
    expect((await direct(forge({ loginId: 'newbie', exp, nonce: 'partner-nonce-1' }))).response.rspCode).toBe(
      '0000',
    );
  });

  it('an expired ticket gets 2008', async () => {
    const ticket = sign('demo', { expiresInSeconds: 60 });
    t.clock.advance(MINUTE);
    expect((await direct(ticket)).response).toEqual(BAD);
  });

  it.each([
    [
      'a bad signature',
      () => forge({ loginId: 'demo', exp: 9_999_999_999, nonce: 'nonce-123' }, 'wrong-secret'),
    ],
    [
      'a tampered payload',
      () =>
        `${forge({ loginId: 'newbie', exp: 1, nonce: 'nonce-123' }).split('.')[0]}.${sign('demo').split('.')[1]}`,
    ],
    ['an unknown user', () => sign('nobody')],
    ['no dot', () => 'abc'],
    ['three parts', () => `${sign('demo')}.x`],
    ['a payload that is not JSON', () => forge({}).replace(/^[^.]+/, 'bm90IGpzb24')],
    ['missing fields', () => forge({ loginId: 'demo' })],
    ['a lifetime over 24 hours', () => sign('demo', { expiresInSeconds: 25 * 3600 })],
  ])('%s gets 2008', async (_name, ticket) => {
    expect((await direct(ticket())).response).toEqual(BAD);
  });

  it('a disabled user gets 2011', async () => {
    const { users } = await import('../src/db/schema.ts');
    await t.db.update(users).set({ disabled: true }).where(eq(users.loginId, 'demo'));
    try {
      expect((await direct(sign('demo'))).response.rspCode).toBe(RSP.ACCOUNT_DISABLED);
    } finally {
      await t.db.update(users).set({ disabled: false }).where(eq(users.loginId, 'demo'));
    }
  });
});
