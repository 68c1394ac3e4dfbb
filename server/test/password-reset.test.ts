import { CODE_REFUSALS, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeDailyCounts, loginFailures, verificationCodes } from '../src/db/schema.ts';
import { addressKey } from '../src/modules/auth/lockout.ts';
import { comparable } from './helpers/answers.ts';
import { call, cipher, createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';
import { latestCode, otherCode, sentTo } from './helpers/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.advance(2 * MINUTE); // past the 60 s resend rule of the previous test
  await t.db.delete(codeDailyCounts); // each test starts with the day's caps unused (daily-caps.test.ts)
});

const SEND = '/application_vue/sendFindPwdCode';
const FIND = '/application_vue/findPwd';
const send = (loginId: string, channel = 'email') => call(t.app, 'POST', SEND, { loginId, channel });
const reset = (loginId: string, code: string, newPassword: string) =>
  call(t.app, 'POST', FIND, { loginId, code, newPassword: cipher(newPassword) });

describe('POST /application_vue/sendFindPwdCode', () => {
  it('sends a 6-digit code to the e-mail or the phone of the account', async () => {
    expect((await send('demo', 'email')).response.rspCode).toBe(RSP.OK);
    const [mail] = await sentTo(t.app, 'demo@example.com');
    expect(mail).toMatchObject({ channel: 'email', recipient: 'demo@example.com' });
    expect(mail!.body).toMatch(/\b\d{6}\b/);
    t.clock.advance(MINUTE);
    expect((await send('DEMO', 'sms')).response.rspCode).toBe(RSP.OK);
    const [sms] = await sentTo(t.app, '13800000001');
    expect(sms).toMatchObject({ channel: 'sms', recipient: '13800000001' });
  });

  it('answers an unknown login id exactly as a known one, and sends nothing', async () => {
    const known = await send('demo');
    const unknown = await send('nobody');
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(await sentTo(t.app, 'nobody')).toEqual([]);
  });

  it('refuses a second send within 60 s (2009), for unknown ids alike', async () => {
    for (const loginId of ['demo', 'ghost']) {
      expect((await send(loginId)).response.rspCode).toBe(RSP.OK);
      t.clock.advance(59_000);
      const again = await send(loginId);
      expect(again.response).toEqual({
        rspCode: RSP.CODE_SENT_TOO_OFTEN,
        rspDesc: rspText(RSP.CODE_SENT_TOO_OFTEN),
      });
      t.clock.advance(1_000);
      expect((await send(loginId)).response.rspCode).toBe(RSP.OK);
    }
  });
});

/** The keys of every failure counter of a login id (any address, the slow-down), sorted. */
async function countersOf(loginId: string): Promise<string[]> {
  const rows = await t.db.select({ key: loginFailures.loginId }).from(loginFailures);
  return rows
    .map((r) => r.key)
    .filter((k) => k === loginId || k.endsWith(`:${loginId}`) || k.startsWith(`ip:${loginId}:`))
    .sort();
}

describe('POST /application_vue/findPwd', () => {
  it('resets the password: code used up, all sessions revoked, uptPwdTime set, lockout cleared', async () => {
    const session = await login(t.app, 'newbie', 'Newbie1234');
    for (let i = 0; i < 5; i++)
      await call(t.app, 'POST', '/application_vue/userLogin', {
        loginId: 'newbie',
        password: cipher('Wrong1234'),
      });
    // the lock of this address on newbie and newbie's slow-down
    expect(await countersOf('newbie')).toEqual([addressKey('newbie', '127.0.0.1'), 'slow:newbie']);

    await send('newbie');
    const code = await latestCode(t.app, 'newbie@example.com');
    const res = await reset('newbie', code, 'Reset5678');
    expect(res.response).toEqual({ rspCode: RSP.OK, rspDesc: '成功' });

    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: session })).status).toBe(401);
    expect(await countersOf('newbie')).toEqual([]);
    const token = await login(t.app, 'newbie', 'Reset5678');
    const info = await call<{ uptPwdTime: string }>(t.app, 'GET', '/users/getUserInfo', undefined, { token });
    expect(info.result.uptPwdTime).toBe(t.clock.now().toISOString());

    // the code is single-use
    const again = await reset('newbie', code, 'Again5678');
    expect(again.response).toEqual({ rspCode: RSP.BAD_CODE, rspDesc: CODE_REFUSALS.SPENT });
  });

  it('a code expires after 10 minutes', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    t.clock.advance(10 * MINUTE);
    expect((await reset('demo', code, 'Later5678')).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: '验证码已过期，请重新获取',
    });
  });

  it('5 wrong codes use up the code: then even the right one is refused', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    for (let i = 0; i < 5; i++)
      expect((await reset('demo', otherCode(code), 'Guess5678')).response).toEqual({
        rspCode: RSP.BAD_CODE,
        rspDesc: '验证码不正确，请核对后重新输入',
      });
    expect((await reset('demo', code, 'Guess5678')).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: CODE_REFUSALS.TOO_MANY,
    });
    await login(t.app, 'demo', 'Demo1234');
  });

  it('4 wrong codes, then the right one works', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    for (let i = 0; i < 4; i++) await reset('demo', otherCode(code), 'Guess5678');
    expect((await reset('demo', code, 'Demo5678')).response.rspCode).toBe(RSP.OK);
    await login(t.app, 'demo', 'Demo5678');
    // back to the seeded password for the other tests
    t.clock.advance(2 * MINUTE);
    await send('demo');
    expect(
      (await reset('demo', await latestCode(t.app, 'demo@example.com'), 'Demo1234')).response.rspCode,
    ).toBe('0000');
  });

  it('a newer code replaces the older one', async () => {
    await send('demo');
    const first = await latestCode(t.app, 'demo@example.com');
    t.clock.advance(MINUTE);
    await send('demo');
    const second = await latestCode(t.app, 'demo@example.com');
    if (first !== second)
      expect((await reset('demo', first, 'First5678')).response.rspCode).toBe(RSP.BAD_CODE);
    expect((await reset('demo', second, 'Demo1234x')).response.rspCode).toBe(RSP.OK);
    t.clock.advance(2 * MINUTE);
    await send('demo');
    await reset('demo', await latestCode(t.app, 'demo@example.com'), 'Demo1234');
  });

  it('a code is bound to its login id', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    expect((await reset('newbie', code, 'Other5678')).response.rspCode).toBe(RSP.BAD_CODE);
    expect((await reset('nobody', code, 'Other5678')).response.rspCode).toBe(RSP.BAD_CODE);
  });

  it('a weak new password gets 2006 with the reason and costs no try', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    for (let i = 0; i < 6; i++) {
      expect((await reset('demo', code, 'short')).response).toEqual({
        rspCode: RSP.WEAK_PASSWORD,
        rspDesc: '密码长度需为8-64位',
      });
    }
    const live = (
      await t.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'demo'))
    ).filter((r) => r.usedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]!.attempts).toBe(0);
    expect((await reset('demo', code, 'Fresh5678')).response.rspCode).toBe(RSP.OK);
  });

  it('refuses the current password with 2010 as change-password does; the code stays usable', async () => {
    await send('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    const same = await reset('demo', code, 'Fresh5678');
    const token = await login(t.app, 'demo', 'Fresh5678');
    const change = await call(
      t.app,
      'POST',
      '/users/modifyPwd',
      { oldPassword: cipher('Fresh5678'), newPassword: cipher('Fresh5678') },
      { token },
    );
    expect(change.response).toEqual({ rspCode: RSP.SAME_PASSWORD, rspDesc: rspText(RSP.SAME_PASSWORD) });
    expect(same.response).toEqual(change.response);
    // nothing changed: the old password still signs in, the same code now takes another password
    await login(t.app, 'demo', 'Fresh5678');
    expect((await reset('demo', code, 'Demo1234')).response.rspCode).toBe(RSP.OK);
    await login(t.app, 'demo', 'Demo1234');
  });

  it('an unknown login id gets 2003', async () => {
    expect((await reset('nobody', '123456', 'Whatever5678')).response.rspCode).toBe(RSP.BAD_CODE);
  });
});
