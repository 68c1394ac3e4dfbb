import { RSP, type SecurityView, type SignOutOthersResult } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { deviceOf } from '../src/lib/user-agent.ts';
import { signDirectLoginTicket } from '../src/modules/auth/direct-ticket.ts';
import {
  call,
  cipher,
  createTestApp,
  MINUTE,
  TEST_DIRECT_LOGIN_SECRET,
  type TestApp,
} from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { latestCode } from './helpers/outbox.ts';

const DAY = 24 * 3600_000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

let t: TestApp;
let me: ReadyBorrower;
let other: ReadyBorrower;

const security = (token: string) =>
  call<SecurityView>(t.app, 'GET', '/account/security', undefined, { token });

async function passwordLogin(loginId: string, password: string, ua: string, ip: string): Promise<string> {
  const res = await call<{ accessToken: string }>(
    t.app,
    'POST',
    '/application_vue/userLogin',
    { loginId, password: cipher(password) },
    { ip, headers: { 'user-agent': ua } },
  );
  expect(res.response.rspCode).toBe(RSP.OK);
  return res.result.accessToken;
}

beforeAll(async () => {
  t = await createTestApp();
  me = await makeReadyBorrower(t, 'secure_me');
  other = await makeReadyBorrower(t, 'secure_other');
  await setContacts(t, me.userId, { phone: '13700001111' });
});
afterAll(() => t.close());

describe('the device of a sign-in', () => {
  it('names the browser and the system from the user agent', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(deviceOf(WECHAT_IPHONE)).toBe('微信 · iOS');
    expect(deviceOf(SAFARI_MAC)).toBe('Safari · macOS');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 EdgA/124.0',
      ),
    ).toBe('Edge · Android');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe(
      'Firefox · Linux',
    );
    expect(deviceOf('curl/8.5.0')).toBe('curl · 未知系统');
    expect(deviceOf('lightMyRequest')).toBe('未知设备');
    expect(deviceOf(null)).toBe('未知设备');
    expect(deviceOf('')).toBe('未知设备');
  });
});

describe('GET /account/security', () => {
  let current: string;

  it('lists the sign-ins newest first with how, from where and on what; counts the other sessions', async () => {
    t.clock.advance(MINUTE);
    await passwordLogin(me.loginId, me.password, CHROME_WINDOWS, '10.0.0.1');
    t.clock.advance(MINUTE);
    expect(
      (await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone: '13700001111' })).response.rspCode,
    ).toBe(RSP.OK);
    const sms = await call<{ accessToken: string }>(
      t.app,
      'POST',
      '/application_vue/smsLogin',
      { phone: '13700001111', code: await latestCode(t.app, '13700001111') },
      { ip: '10.0.0.2', headers: { 'user-agent': WECHAT_IPHONE } },
    );
    expect(sms.response.rspCode).toBe(RSP.OK);
    t.clock.advance(MINUTE);
    const ticket = signDirectLoginTicket(TEST_DIRECT_LOGIN_SECRET, me.loginId, { now: t.clock.now() });
    const direct = await call<{ accessToken: string }>(
      t.app,
      'POST',
      '/application_vue/directLogin',
      { ticket },
      { ip: '10.0.0.3', headers: { 'user-agent': SAFARI_MAC } },
    );
    expect(direct.response.rspCode).toBe(RSP.OK);
    current = direct.result.accessToken;

    const res = await security(current);
    expect(res.response.rspCode).toBe(RSP.OK);
    const [third, second, first, setup] = res.result.signIns;
    expect(third).toMatchObject({
      ip: '10.0.0.3',
      device: 'Safari · macOS',
      method: 'PARTNER_LINK',
      methodLabel: '合作方免密登录',
      current: true,
    });
    expect(second).toMatchObject({
      ip: '10.0.0.2',
      device: '微信 · iOS',
      method: 'SMS',
      methodLabel: '短信验证码登录',
    });
    expect(first).toMatchObject({
      ip: '10.0.0.1',
      device: 'Chrome · Windows',
      method: 'PASSWORD',
      methodLabel: '密码登录',
    });
    // the helper's own sign-in, without a user agent
    expect(setup).toMatchObject({ method: 'PASSWORD', device: '未知设备' });
    expect(Date.parse(third?.at ?? '')).toBe(t.clock.now().getTime());
    expect(res.result.signIns).toHaveLength(4);
    // only the sign-in of the session asking is 当前设备; asked from another session, that one is
    expect(res.result.signIns.filter((s) => s.current)).toEqual([third]);
    const fromSms = await security(sms.result.accessToken);
    expect(fromSms.result.signIns.map((s) => s.current)).toEqual([false, true, false, false]);
    // the audit log holds a reference, never the session's token or its hash
    const logged = JSON.stringify(await t.db.select().from(auditLog));
    expect(logged).not.toContain(current);
    expect(logged).not.toContain(sha256Hex(current));
    // the helper's session, the password and the SMS sessions
    expect(res.result.otherSessions).toBe(3);
  });

  it('shows the last 10 sign-ins only, and none of another borrower', async () => {
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(1000);
      await passwordLogin(me.loginId, me.password, CHROME_WINDOWS, `10.0.1.${i}`);
    }
    const mine = await security(current);
    expect(mine.result.signIns).toHaveLength(10);
    expect(mine.result.signIns[0]?.ip).toBe('10.0.1.7');
    const theirs = await security(other.token);
    expect(theirs.result.signIns).toHaveLength(1);
    expect(JSON.stringify(theirs.result)).not.toContain('10.0.');
    expect(theirs.result.otherSessions).toBe(0);
  });

  it('gives the password age and nudges after 90 days', async () => {
    const now = t.clock.now().getTime();
    await t.db
      .update(users)
      .set({ uptPwdTime: new Date(now - 89 * DAY - 3600_000) })
      .where(eq(users.id, me.userId));
    const fresh = await security(current);
    expect(fresh.result).toMatchObject({ pwdAgeDays: 89, pwdNudge: false });
    expect(fresh.result.pwdTime).toBe(new Date(now - 89 * DAY - 3600_000).toISOString());
    await t.db
      .update(users)
      .set({ uptPwdTime: new Date(now - 91 * DAY) })
      .where(eq(users.id, me.userId));
    expect((await security(current)).result).toMatchObject({ pwdAgeDays: 91, pwdNudge: true });
  });

  it('does not count sessions that ended by idling', async () => {
    const b = await makeReadyBorrower(t, 'secure_idle');
    const old = b.token;
    t.clock.advance(t.config.sessionIdleMinutes * MINUTE + 1000);
    const fresh = await passwordLogin(b.loginId, b.password, CHROME_WINDOWS, '10.0.2.1');
    expect((await security(fresh)).result.otherSessions).toBe(0);
    expect((await security(old)).status).toBe(401);
  });
});

describe('POST /account/signOutOthers', () => {
  it('ends every other session of the borrower, keeps this one and the other borrower’s, and is audited', async () => {
    const b = await makeReadyBorrower(t, 'secure_out');
    const phone = await passwordLogin(b.loginId, b.password, WECHAT_IPHONE, '10.0.3.1');
    const laptop = await passwordLogin(b.loginId, b.password, CHROME_WINDOWS, '10.0.3.2');
    const otherToken = await passwordLogin(other.loginId, other.password, SAFARI_MAC, '10.0.3.3');

    const res = await call<SignOutOthersResult>(
      t.app,
      'POST',
      '/account/signOutOthers',
      {},
      { token: laptop },
    );
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.revoked).toBe(2);

    expect((await security(phone)).status).toBe(401);
    expect((await security(b.token)).status).toBe(401);
    const still = await security(laptop);
    expect(still.response.rspCode).toBe(RSP.OK);
    expect(still.result.otherSessions).toBe(0);
    expect((await security(otherToken)).response.rspCode).toBe(RSP.OK);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, b.userId), eq(auditLog.action, 'session.sign_out_others')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ revoked: 2 });

    // nothing left to end: 0, still fine
    const again = await call<SignOutOthersResult>(
      t.app,
      'POST',
      '/account/signOutOthers',
      {},
      { token: laptop },
    );
    expect(again.result.revoked).toBe(0);
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'POST', '/account/signOutOthers', {});
    expect(res.status).toBe(401);
    expect((await call(t.app, 'GET', '/account/security')).status).toBe(401);
    expect((await call(t.app, 'GET', '/account/overview')).status).toBe(401);
  });
});
