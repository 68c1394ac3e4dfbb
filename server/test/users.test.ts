import { RSP, rspText, type UserAllCheckResult } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import {
  call,
  changePassword,
  cipher,
  createTestApp,
  login,
  MINUTE,
  START,
  type TestApp,
} from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MODIFY = '/users/modifyPwd';
const modify = (token: string, oldPassword: string, newPassword: string) =>
  changePassword(t.app, token, oldPassword, newPassword);

describe('GET /users/getUserInfo', () => {
  it('returns the docs/PRODUCT.md §7 fields plus the only-page list, phone masked', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const res = await call(t.app, 'GET', '/users/getUserInfo', undefined, { token });
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({
      assetsCodes: ['AC0001'],
      loginId: 'demo',
      userNameCn: '张明',
      email: 'demo@example.com',
      uptPwdTime: START.toISOString(),
      paidMethod: null,
      openBank: null,
      subAccNo: null,
      onlyPages: null,
      phone: '138****0001',
      // the demo coupons usable now (the seed also gives demo two expired ones)
      couponsCount: 5,
    });
  });

  it('newbie: never changed the password, empty only-page list', async () => {
    const token = await login(t.app, 'newbie', 'Newbie1234');
    const res = await call<{ uptPwdTime: unknown; onlyPages: unknown }>(
      t.app,
      'GET',
      '/users/getUserInfo',
      undefined,
      {
        token,
      },
    );
    expect(res.result.uptPwdTime).toBeNull();
    expect(res.result.onlyPages).toEqual([]);
  });
});

describe('GET /users/toUserAllCheck', () => {
  it('lists the steps before applying, computed from the real records, all available', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const res = await call(t.app, 'GET', '/users/toUserAllCheck', undefined, { token });
    expect(res.result).toEqual({
      steps: [
        { key: 'changePassword', title: '修改初始密码', done: true, path: '/account/reset', available: true },
        { key: 'acceptAgreements', title: '签署协议', done: false, path: '/agreement', available: true },
        { key: 'certify', title: '贷款认证', done: false, path: '/application', available: true },
        { key: 'authoriseStore', title: '授权店铺', done: false, path: '/apply/LoanInfo', available: true },
      ],
      ready: false,
    });
  });

  it('is ready once agreements, certification and an authorised store exist', async () => {
    const b = await makeReadyBorrower(t, 'allcheck1');
    const res = await call<UserAllCheckResult>(t.app, 'GET', '/users/toUserAllCheck', undefined, {
      token: b.token,
    });
    expect(res.result.steps.map((s) => s.done)).toEqual([true, true, true, true]);
    expect(res.result.ready).toBe(true);
    const store = await makeReadyBorrower(t, 'allcheck2', { storeStatus: '05' });
    const partial = await call<UserAllCheckResult>(t.app, 'GET', '/users/toUserAllCheck', undefined, {
      token: store.token,
    });
    expect(partial.result.steps.map((s) => [s.key, s.done])).toEqual([
      ['changePassword', true],
      ['acceptAgreements', true],
      ['certify', true],
      ['authoriseStore', false],
    ]);
  });
});

describe('POST /users/modifyPwd', () => {
  it.each([
    ['wrong old password', 'Nope1234', 'Better5678', RSP.WRONG_OLD_PASSWORD, rspText(RSP.WRONG_OLD_PASSWORD)],
    ['too short', 'Demo1234', 'Ab1', RSP.WEAK_PASSWORD, '密码长度需为8-64位'],
    ['no digit', 'Demo1234', 'abcdefghij', RSP.WEAK_PASSWORD, '密码需包含数字'],
    ['no letter', 'Demo1234', '1234567890', RSP.WEAK_PASSWORD, '密码需包含字母'],
    ['the login id', 'Demo1234', 'Demo', RSP.WEAK_PASSWORD, '密码长度需为8-64位'],
    ['same as the old one', 'Demo1234', 'Demo1234', RSP.SAME_PASSWORD, rspText(RSP.SAME_PASSWORD)],
  ])('%s → %s', async (_name, oldPassword, newPassword, code, desc) => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const res = await modify(token, oldPassword, newPassword);
    expect(res.status).toBe(200);
    expect(res.response).toEqual({ rspCode: code, rspDesc: desc });
    // nothing changed: the session still works, the old password still signs in
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(200);
  });

  it('refuses a password equal to the login id with the specific sentence', async () => {
    await t.db.update(users).set({ loginId: 'demo12345' }).where(eq(users.loginId, 'demo'));
    try {
      const token = await login(t.app, 'demo12345', 'Demo1234');
      const res = await modify(token, 'Demo1234', 'DEMO12345');
      expect(res.response).toEqual({ rspCode: RSP.WEAK_PASSWORD, rspDesc: '密码不能与登录账号相同' });
    } finally {
      await t.db.update(users).set({ loginId: 'demo' }).where(eq(users.loginId, 'demo12345'));
    }
  });

  it('bad cipher text → 1003', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const res = await call(
      t.app,
      'POST',
      MODIFY,
      { oldPassword: 'YWJj', newPassword: cipher('x') },
      { token },
    );
    expect(res.response).toEqual({ rspCode: RSP.BAD_CIPHER_TEXT, rspDesc: rspText(RSP.BAD_CIPHER_TEXT) });
  });

  it('changes the password, sets uptPwdTime, revokes every session and returns a fresh one', async () => {
    const token = await login(t.app, 'newbie', 'Newbie1234');
    const other = await login(t.app, 'newbie', 'Newbie1234');
    t.clock.advance(MINUTE);
    const res = await modify(token, 'Newbie1234', 'Fresh5678');
    expect(res.response.rspCode).toBe(RSP.OK);
    const fresh = res.result.accessToken;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: other })).status).toBe(401);
    const info = await call<{ uptPwdTime: string }>(t.app, 'GET', '/users/getUserInfo', undefined, {
      token: fresh,
    });
    expect(info.result.uptPwdTime).toBe(t.clock.now().toISOString());
    // no longer "must change": the rest of the API opens
    const check = await call<{ steps: Array<{ done: boolean }> }>(
      t.app,
      'GET',
      '/users/toUserAllCheck',
      undefined,
      {
        token: fresh,
      },
    );
    expect(check.response.rspCode).toBe(RSP.OK);
    expect(check.result.steps[0]!.done).toBe(true);

    expect(
      (
        await call(t.app, 'POST', '/application_vue/userLogin', {
          loginId: 'newbie',
          password: cipher('Newbie1234'),
        })
      ).response.rspCode,
    ).toBe(RSP.WRONG_CREDENTIALS);
    await login(t.app, 'newbie', 'Fresh5678');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password.change'));
    expect(audit).toHaveLength(1);
  });
});
