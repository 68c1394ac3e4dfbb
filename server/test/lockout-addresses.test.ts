import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginFailures } from '../src/db/schema.ts';
import { ACCOUNT_THROTTLE, throttleDelayMs } from '../src/modules/auth/account-throttle.ts';
import { call, createTestApp, MINUTE, signInAttempt, type TestApp } from './helpers/app.ts';
import { latestCode } from './helpers/outbox.ts';

/**
 * Sign-in failures: 5 wrong passwords lock the address they came from out of the login id for 15 minutes;
 * every other address is only slowed down (a growing wait), and SMS sign-in stays open to the owner.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(loginFailures);
  t.clock.advance(2 * MINUTE);
});

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';
const attempt = (password: string, ip: string, loginId = 'demo') =>
  signInAttempt(t.app, loginId, password, ip).then((r) => r.response);
const SECOND = 1000;

async function fiveWrongFrom(ip: string, loginId = 'demo') {
  const codes: string[] = [];
  for (let i = 0; i < 5; i++) codes.push((await attempt(`Wrong${i}abc`, ip, loginId)).rspCode);
  return codes;
}

describe('wrong passwords from one address', () => {
  it('lock that address out of the login id for 15 minutes, even with the right password', async () => {
    expect(await fiveWrongFrom(ATTACKER)).toEqual(['2001', '2001', '2001', '2001', '2002']);
    expect(await attempt('Demo1234', ATTACKER)).toEqual({
      rspCode: RSP.ACCOUNT_LOCKED,
      rspDesc: rspText(RSP.ACCOUNT_LOCKED),
    });
    t.clock.advance(14 * MINUTE);
    expect((await attempt('Demo1234', ATTACKER)).rspCode).toBe(RSP.ACCOUNT_LOCKED);
    t.clock.advance(MINUTE + SECOND);
    expect((await attempt('Demo1234', ATTACKER)).rspCode).toBe(RSP.OK);
  });

  it('do not lock another address: it is slowed down a second, then signs in', async () => {
    await fiveWrongFrom(ATTACKER);
    expect(await attempt('Demo1234', OWNER)).toEqual({
      rspCode: RSP.TOO_MANY_REQUESTS,
      rspDesc: '登录尝试过于频繁，请 1 秒后再试',
    });
    t.clock.advance(SECOND);
    expect((await attempt('Demo1234', OWNER)).rspCode).toBe(RSP.OK);
    // the attacker's address stays locked; the owner's sign-in forgot the slow-down
    expect((await attempt('Demo1234', ATTACKER)).rspCode).toBe(RSP.ACCOUNT_LOCKED);
    const slowed = await t.db.select().from(loginFailures).where(eq(loginFailures.loginId, 'slow:demo'));
    expect(slowed).toEqual([]);
  });
});

describe('wrong passwords from many addresses', () => {
  it('slow the login id down for everyone with a wait that doubles, up to a minute; never a lock', async () => {
    const ips = Array.from({ length: 12 }, (_, i) => `192.0.2.${i + 1}`);
    // the free tries, spread so that no address reaches its own lock
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect((await attempt('Wrong1234', ips[i]!)).rspCode).toBe(RSP.WRONG_CREDENTIALS);
    }
    for (let n = ACCOUNT_THROTTLE.freeFailures; n < 12; n++) {
      const wait = throttleDelayMs(n);
      expect(wait).toBe(Math.min(SECOND * 2 ** (n - ACCOUNT_THROTTLE.freeFailures), MINUTE));
      t.clock.advance(wait - SECOND / 2);
      expect(await attempt('Wrong1234', ips[n]!)).toEqual({
        rspCode: RSP.TOO_MANY_REQUESTS,
        rspDesc: `登录尝试过于频繁，请 1 秒后再试`,
      });
      t.clock.advance(SECOND / 2);
      expect((await attempt('Wrong1234', ips[n]!)).rspCode).toBe(RSP.WRONG_CREDENTIALS);
    }
    expect(throttleDelayMs(12)).toBe(MINUTE);
    expect((await attempt('Demo1234', OWNER)).rspDesc).toBe('登录尝试过于频繁，请 60 秒后再试');
    t.clock.advance(MINUTE);
    expect((await attempt('Demo1234', OWNER)).rspCode).toBe(RSP.OK);
  });

  it('a burst from many addresses once slowed gets one verdict per wait', async () => {
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) await attempt('Wrong1234', `192.0.2.${i + 1}`);
    t.clock.advance(SECOND);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt('Wrong1234', `198.51.100.${i + 1}`)),
    );
    const codes = answers.map((a) => a.rspCode);
    expect(codes.filter((c) => c === RSP.WRONG_CREDENTIALS)).toHaveLength(1);
    expect(codes.filter((c) => c === RSP.TOO_MANY_REQUESTS)).toHaveLength(7);
  });

  it('an unknown login id is slowed down the same way', async () => {
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect((await attempt('Wrong1234', `192.0.2.${i + 1}`, 'ghost-many')).rspCode).toBe('2001');
    }
    expect((await attempt('Wrong1234', OWNER, 'ghost-many')).rspCode).toBe(RSP.TOO_MANY_REQUESTS);
  });

  it('are audited: the refusals of a slowed login id too', async () => {
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) await attempt('Wrong1234', `192.0.2.${i + 1}`);
    await attempt('Demo1234', OWNER);
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.refused_locked'));
    expect(refused.some((r) => (r.detail as { slowed?: boolean } | null)?.slowed === true)).toBe(true);
  });
});

describe('SMS sign-in', () => {
  it('stays open to the owner while an address is locked out and the login id slowed down', async () => {
    await fiveWrongFrom(ATTACKER);
    expect((await attempt('Demo1234', ATTACKER)).rspCode).toBe(RSP.ACCOUNT_LOCKED);
    expect((await attempt('Demo1234', OWNER)).rspCode).toBe(RSP.TOO_MANY_REQUESTS);
    const phone = '13800000001';
    expect((await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone })).response.rspCode).toBe(
      RSP.OK,
    );
    const code = await latestCode(t.app, phone);
    const res = await call(t.app, 'POST', '/application_vue/smsLogin', { phone, code }, { ip: ATTACKER });
    expect(res.response.rspCode).toBe(RSP.OK);
  });
});
