import { type PayoutView, RSP, shanghaiMinute } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxMarketplace } from '../src/adapters/marketplace/sandbox.ts';
import { outboxMessages, sandboxPayoutPointings, sessions } from '../src/db/schema.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { sessionRef } from '../src/modules/auth/sessions.ts';
import { checkLockedPayouts } from '../src/modules/receiving-account/payouts.ts';
import { call, changePassword, cipher, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { addBorrower } from './helpers/borrowers.ts';
import { setContacts } from './helpers/contacts.ts';
import { DAY, disburseLoan } from './helpers/loans.ts';
import { noticesOf, onlyNotice } from './helpers/notice-rows.ts';
import { latestCode, sentTo } from './helpers/outbox.ts';
import { giveStoreToken, receivingCalls } from './helpers/receiving.ts';

/**
 * The notices of the borrower's account: a sign-in from a new device, the password changed or reset, the phone
 * or e-mail changed (security notices: sent whatever the borrower chose), and the store's payouts diverted from
 * the receiving account.
 */

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEWER = CHROME_WINDOWS.replace('Chrome/124', 'Chrome/125');
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const PASSWORD = 'Ready1234';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signIn(loginId: string, ua: string, password = PASSWORD): Promise<string> {
  const res = await call<{ accessToken: string }>(
    t.app,
    'POST',
    '/application_vue/userLogin',
    { loginId, password: cipher(password) },
    { headers: { 'user-agent': ua } },
  );
  expect(res.response.rspCode).toBe(RSP.OK);
  return res.result.accessToken;
}

describe('a sign-in from a new device', () => {
  it('the first sign-in is none; the same device again is none; another device is told once, by e-mail', async () => {
    const userId = await addBorrower(t.db, t.config, 'nea_sign', PASSWORD, t.clock.now());
    await signIn('nea_sign', CHROME_WINDOWS);
    // a browser update is the same device
    await signIn('nea_sign', CHROME_WINDOWS_NEWER);
    expect(await noticesOf(t, userId)).toEqual([]);

    t.clock.advance(MINUTE);
    const token = await signIn('nea_sign', WECHAT_IPHONE);
    expect(await onlyNotice(t, userId, 'SIGN_IN')).toMatchObject({
      category: 'ACCOUNT',
      eventKey: `session:${sessionRef(sha256Hex(token))}:SIGN_IN`,
      title: '新设备登录提醒',
      body: `您的账户于 ${shanghaiMinute(t.clock.now())} 在新的设备登录（微信 · iOS）。如非本人操作，请立即修改密码。`,
      link: { page: 'SECURITY' },
      deliveries: { email: 'PENDING' },
    });
    await signIn('nea_sign', WECHAT_IPHONE);
    await signIn('nea_sign', CHROME_WINDOWS);
    expect(await noticesOf(t, userId)).toHaveLength(1);
  });

  it('with no session kept (purged after 30 days), the devices of the audited sign-ins are known', async () => {
    const userId = await addBorrower(t.db, t.config, 'nea_back', PASSWORD, t.clock.now());
    await signIn('nea_back', CHROME_WINDOWS);
    await t.db.delete(sessions).where(eq(sessions.userId, userId));
    await signIn('nea_back', CHROME_WINDOWS);
    expect(await noticesOf(t, userId)).toEqual([]);
    await t.db.delete(sessions).where(eq(sessions.userId, userId));
    await signIn('nea_back', SAFARI_MAC);
    expect((await onlyNotice(t, userId, 'SIGN_IN')).body).toContain('在新的设备登录（Safari · macOS）');
  });
});

describe('the password', () => {
  it('changed (modifyPwd): told by SMS and e-mail; a refused change is not', async () => {
    const b = await makeReadyBorrower(t, 'nea_pwd');
    await setContacts(t, b.userId, { phone: '13700002222', email: 'nea_pwd@example.com' });
    expect((await changePassword(t.app, b.token, 'Wrong9999', 'Newer1234')).response.rspCode).not.toBe(
      RSP.OK,
    );
    expect(await noticesOf(t, b.userId)).toEqual([]);
    t.clock.advance(MINUTE);
    const changed = await changePassword(t.app, b.token, PASSWORD, 'Newer1234');
    expect(changed.response.rspCode).toBe(RSP.OK);
    expect(await onlyNotice(t, b.userId, 'PASSWORD_CHANGED')).toMatchObject({
      category: 'ACCOUNT',
      eventKey: `user:${b.userId}:PASSWORD:${t.clock.now().getTime()}`,
      title: '登录密码已修改',
      body: `您的登录密码已于 ${shanghaiMinute(t.clock.now())} 修改。如非本人操作，请立即联系客服。`,
      link: { page: 'SECURITY' },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
  });

  it('reset with a code (findPwd): told once; the spent code again changes nothing', async () => {
    const userId = await addBorrower(t.db, t.config, 'nea_reset', PASSWORD, t.clock.now());
    t.clock.advance(MINUTE);
    const send = await call(t.app, 'POST', '/application_vue/sendFindPwdCode', {
      loginId: 'nea_reset',
      channel: 'email',
    });
    expect(send.response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, 'nea_reset@example.com');
    const reset = () =>
      call(t.app, 'POST', '/application_vue/findPwd', {
        loginId: 'nea_reset',
        code,
        newPassword: cipher('Reset5678'),
      });
    expect((await reset()).response.rspCode).toBe(RSP.OK);
    expect((await reset()).response.rspCode).toBe(RSP.BAD_CODE);
    expect(await onlyNotice(t, userId, 'PASSWORD_CHANGED')).toMatchObject({
      body: `您的登录密码已于 ${shanghaiMinute(t.clock.now())} 修改。如非本人操作，请立即联系客服。`,
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
  });
});

describe('the phone or e-mail', () => {
  it('changed: the borrower is told with the new one masked, and the old phone still gets its own message', async () => {
    const b = await makeReadyBorrower(t, 'nea_phone');
    await setContacts(t, b.userId, { phone: '13512349001', email: 'nea_phone@example.com' });
    t.clock.advance(MINUTE);
    const send = await call(
      t.app,
      'POST',
      '/account/sendContactCode',
      { channel: 'sms', target: '13900009003' },
      { token: b.token },
    );
    expect(send.response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13900009003');
    const change = () =>
      call(
        t.app,
        'POST',
        '/account/changeContact',
        { channel: 'sms', target: '13900009003', code, password: cipher(PASSWORD) },
        { token: b.token },
      );
    expect((await change()).response.rspCode).toBe(RSP.OK);
    expect((await change()).response.rspCode).not.toBe(RSP.OK);
    expect(await onlyNotice(t, b.userId, 'CONTACT_CHANGED')).toMatchObject({
      category: 'ACCOUNT',
      eventKey: `user:${b.userId}:CONTACT:sms:${t.clock.now().getTime()}`,
      title: '手机号已修改',
      body: `您的手机号已于 ${shanghaiMinute(t.clock.now())} 改为 139****9003。如非本人操作，请立即联系客服。`,
      link: { page: 'SECURITY' },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
    const [toOld] = await sentTo(t.app, '13512349001');
    expect(toOld?.body).toContain('139****9003');
  });
});

describe('the receiving account', () => {
  it('payouts diverted while a loan is outstanding: one notice per diversion, through the engine only', async () => {
    const b = await makeReadyBorrower(t, 'nea_payout');
    await disburseLoan(t, b, 'CGB-KJED', '100000', 6);
    await giveStoreToken(t, b.userId);
    const point = (to: string) =>
      call<PayoutView>(t.app, 'POST', '/dev/sandbox/pointPayouts', { loginId: b.loginId, to });
    expect(okResult(await point('SUB_ACCOUNT')).state).toBe('POINTED');
    expect(okResult(await point('OTHER')).state).toBe('DIVERTED');
    const notice = await onlyNotice(t, b.userId, 'RECEIVING_ACCOUNT');
    expect(notice).toMatchObject({
      category: 'ACCOUNT',
      title: '收款账户需要处理',
      link: { page: 'RECEIVING_ACCOUNT' },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
    expect(notice.eventKey).toMatch(new RegExp(`^receiving:${b.userId}:DIVERTED:\\d+$`));
    expect(notice.body).toMatch(/^您的收款账户需要处理：您的店铺回款已不再指向收款子账户（.+）/);
    expect(notice.body).toContain(
      '您有未结清的贷款，请立即登录卖家后台改回，并在“收款账户”页面点击“重新核实”。',
    );
    // no message of its own through the outbox any more: the notices' delivery sends it
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.subject, '店铺回款去向异常')),
    ).toEqual([]);

    // checked again (the page, the daily job): the same diversion is not told again
    expect(okResult(await receivingCalls(t).recheck(b.token)).payout.state).toBe('DIVERTED');
    t.clock.advance(DAY + 1000);
    const ctx = {
      db: t.db,
      now: t.clock.now,
      config: t.config,
      log: t.app.log,
      marketplace: createSandboxMarketplace(t.db),
    };
    expect((await checkLockedPayouts(ctx)).diverted).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(t, b.userId, 'RECEIVING_ACCOUNT')).toHaveLength(1);

    // pointed back, then diverted behind the portal's back: a new diversion, a new notice
    await point('SUB_ACCOUNT');
    t.clock.advance(MINUTE);
    await t.db
      .update(sandboxPayoutPointings)
      .set({ target: 'OTHER', accountNo: null })
      .where(eq(sandboxPayoutPointings.target, 'SUB_ACCOUNT'));
    t.clock.advance(DAY + 1000);
    await checkLockedPayouts(ctx);
    expect(await noticesOf(t, b.userId, 'RECEIVING_ACCOUNT')).toHaveLength(2);
  });
});
