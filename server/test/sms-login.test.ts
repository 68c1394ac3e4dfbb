import { CODE_REFUSALS, RSP } from '@loan/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comparable } from './helpers/answers.ts';
import { call, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { latestCode, otherCode, sentTo } from './helpers/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.advance(2 * MINUTE);
});

const sendSms = (phone: string) => call(t.app, 'POST', '/application_vue/sendLoginSms', { phone });
const smsLogin = (phone: string, code: string) =>
  call<{ accessToken: string; mustChangePassword: boolean }>(t.app, 'POST', '/application_vue/smsLogin', {
    phone,
    code,
  });

describe('material entry: SMS code login', () => {
  it('sends a code to the phone and signs in with it, once', async () => {
    expect((await sendSms('13800000001')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13800000001');
    const res = await smsLogin('13800000001', code);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.mustChangePassword).toBe(false);
    const info = await call<{ loginId: string }>(t.app, 'GET', '/users/getUserInfo', undefined, {
      token: res.result.accessToken,
    });
    expect(info.result.loginId).toBe('demo');
    // used: no longer valid, not "wrong"
    expect((await smsLogin('13800000001', code)).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: CODE_REFUSALS.SPENT,
    });
  });

  it('answers an unknown phone as a known one and sends nothing', async () => {
    const known = await sendSms('13800000002');
    const unknown = await sendSms('13912345678');
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(await sentTo(t.app, '13912345678')).toEqual([]);
    expect((await smsLogin('13912345678', '123456')).response.rspCode).toBe(RSP.BAD_CODE);
  });

  it('60 s between sends to one phone', async () => {
    await sendSms('13800000001');
    expect((await sendSms('13800000001')).response.rspCode).toBe(RSP.CODE_SENT_TOO_OFTEN);
  });

  it('wrong, expired and exhausted codes get 2003, each saying which', async () => {
    await sendSms('13800000001');
    let code = await latestCode(t.app, '13800000001');
    // a wrong code says it is wrong, not expired
    expect((await smsLogin('13800000001', otherCode(code))).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: '验证码不正确，请核对后重新输入',
    });
    t.clock.advance(10 * MINUTE);
    expect((await smsLogin('13800000001', code)).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: '验证码已过期，请重新获取',
    });
    // expired, even a wrong one says so
    expect((await smsLogin('13800000001', otherCode(code))).response.rspDesc).toBe(CODE_REFUSALS.EXPIRED);

    await sendSms('13800000001');
    code = await latestCode(t.app, '13800000001');
    for (let i = 0; i < 5; i++)
      expect((await smsLogin('13800000001', otherCode(code))).response).toEqual({
        rspCode: RSP.BAD_CODE,
        rspDesc: CODE_REFUSALS.WRONG,
      });
    expect((await smsLogin('13800000001', code)).response).toEqual({
      rspCode: RSP.BAD_CODE,
      rspDesc: CODE_REFUSALS.TOO_MANY,
    });
    expect(new Set(Object.values(CODE_REFUSALS)).size).toBe(4);
  });

  it('a user who must change the password is told so', async () => {
    await sendSms('13800000002');
    const res = await smsLogin('13800000002', await latestCode(t.app, '13800000002'));
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.mustChangePassword).toBe(true);
  });
});
