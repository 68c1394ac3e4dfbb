import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, sessions, users } from '../src/db/schema.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { createTestApp, MINUTE, signInAttempt, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(loginFailures);
});

const attempt = (loginId: string, password: string) => signInAttempt(t.app, loginId, password);

describe('POST /application_vue/userLogin', () => {
  it('signs in with the right password: a new 256-bit token, stored only as its sha256', async () => {
    const a = await attempt('demo', 'Demo1234');
    expect(a.status).toBe(200);
    expect(a.response).toEqual({ rspCode: '0000', rspDesc: '成功' });
    expect(a.result.mustChangePassword).toBe(false);
    expect(a.result.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const b = await attempt('demo', 'Demo1234');
    expect(b.result.accessToken).not.toBe(a.result.accessToken);

    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(a.result.accessToken)));
    expect(row).toBeDefined();
    const all = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((s) => s.h === a.result.accessToken)).toBe(false);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 60 * MINUTE);
  });

  it('login ids are case-insensitive', async () => {
    expect((await attempt('DEMO', 'Demo1234')).response.rspCode).toBe(RSP.OK);
  });

  it('tells a user who never changed the password to change it', async () => {
    const a = await attempt('newbie', 'Newbie1234');
    expect(a.response.rspCode).toBe(RSP.OK);
    expect(a.result.mustChangePassword).toBe(true);
  });

  it('stores passwords as argon2id with m=19456, t=2, p=1', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.loginId, 'demo'));
    expect(demo!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a wrong password gets 2001 and is recorded in the audit log', async () => {
    const a = await attempt('demo', 'Wrong1234');
    expect(a.status).toBe(200);
    expect(a.response).toEqual({ rspCode: RSP.WRONG_CREDENTIALS, rspDesc: rspText(RSP.WRONG_CREDENTIALS) });
    expect(a.result).toBeNull();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.failure'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('locks a login id for 15 minutes after 5 wrong passwords in 15 minutes, then lets it in again', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await attempt('demo', `Wrong${i}abc`)).response.rspCode).toBe('2001');
    expect((await attempt('demo', 'Wrong5abc')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    // even the right password is refused while locked
    const locked = await attempt('demo', 'Demo1234');
    expect(locked.response).toEqual({ rspCode: '2002', rspDesc: rspText(RSP.ACCOUNT_LOCKED) });
    t.clock.advance(14 * MINUTE);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe('2002');
    t.clock.advance(1 * MINUTE + 1000);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.OK);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.locked'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('failures older than 15 minutes do not count', async () => {
    for (let i = 0; i < 4; i++) await attempt('demo', 'Wrong1234');
    t.clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await attempt('demo', 'Wrong1234')).response.rspCode).toBe('2001');
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.OK);
  });

  it('a successful login clears the failure count', async () => {
    for (let i = 0; i < 4; i++) await attempt('demo', 'Wrong1234');
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.OK);
    for (let i = 0; i < 4; i++) expect((await attempt('demo', 'Wrong1234')).response.rspCode).toBe('2001');
  });

  it('a disabled account gets 2011 with the right password only', async () => {
    await t.db.update(users).set({ disabled: true }).where(eq(users.loginId, 'newbie'));
    try {
      expect((await attempt('newbie', 'Wrong1234')).response.rspCode).toBe('2001');
      expect((await attempt('newbie', 'Newbie1234')).response).toEqual({
        rspCode: RSP.ACCOUNT_DISABLED,
        // 联系客服 comes with the way to do it (SUPPORT_PHONE, SUPPORT_HOURS)
        rspDesc: '账号已停用，请联系客服（客服电话 400-820-1234，工作日 09:00–18:00）',
      });
    } finally {
      await t.db.update(users).set({ disabled: false }).where(eq(users.loginId, 'newbie'));
    }
  });
});

describe('enumeration safety', () => {
  it('an unknown login id gets exactly the answer of a wrong password', async () => {
    const unknown = await attempt('nobody', 'Wrong1234');
    const wrong = await attempt('demo', 'Wrong1234');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.response).toEqual(wrong.response);
    expect(unknown.result).toEqual(wrong.result);
  });

  it('an unknown login id locks after 5 tries too, with the same answers', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await attempt('ghost', 'Wrong1234')).response.rspCode);
    expect(answers).toEqual(['2001', '2001', '2001', '2001', '2002', '2002']);
  });

  it('an unknown login id takes about as long as a wrong password', async () => {
    await attempt('warmup', 'Wrong1234'); // creates the dummy hash
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) {
      await t.db.delete(loginFailures); // every sample a wrong password checked, none refused by the lockout
      unknown.push(await time(() => attempt(`unknown${i}`, 'Wrong1234')));
      wrong.push(await time(() => attempt('demo', 'Wrong1234')));
    }
    // medians, not means: a busy machine stalls single calls, and up to three stalls in a series move no median
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});
