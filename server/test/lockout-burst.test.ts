import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { auditLog, loginFailures } from '../src/db/schema.ts';
import { addressKey } from '../src/modules/auth/lockout.ts';
import {
  call,
  changePassword,
  createTestApp,
  login,
  MINUTE,
  signInAttempt,
  type TestApp,
} from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(loginFailures);
});

const attempt = (loginId: string, password: string) => signInAttempt(t.app, loginId, password);

describe('a burst of sign-in attempts sent at once', () => {
  it('12 wrong + 1 right: at most 5 judged wrong, the rest locked; the lock outlives the concurrent success', async () => {
    const passwords = [...Array.from({ length: 12 }, (_, i) => `Wrong${i}abc`), 'Demo1234'];
    const answers = await Promise.all(passwords.map((p) => attempt('demo', p)));
    const codes = answers.map((a) => a.response.rspCode);
    const wrong = codes.slice(0, 12);
    expect(wrong.filter((c) => c === RSP.WRONG_CREDENTIALS).length).toBeLessThanOrEqual(5);
    expect(wrong.every((c) => c === RSP.WRONG_CREDENTIALS || c === RSP.ACCOUNT_LOCKED)).toBe(true);
    expect([RSP.OK, RSP.ACCOUNT_LOCKED]).toContain(codes[12]);

    // a later right password is refused until the lock ends (on the test clock)
    expect((await attempt('demo', 'Demo1234')).response).toEqual({
      rspCode: RSP.ACCOUNT_LOCKED,
      rspDesc: rspText(RSP.ACCOUNT_LOCKED),
    });
    t.clock.advance(14 * MINUTE);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    t.clock.advance(MINUTE + 1000);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.OK);

    // every verdict left its audit record
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.failure'));
    expect(failures.length).toBeGreaterThanOrEqual(wrong.filter((c) => c === RSP.WRONG_CREDENTIALS).length);
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.refused_locked'));
    expect(refused.length).toBeGreaterThan(0);
  });

  it('an unknown login id under the same burst answers the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('ghost-burst', 'Wrong1234')));
    const codes = answers.map((a) => a.response.rspCode);
    expect(codes.filter((c) => c === RSP.WRONG_CREDENTIALS).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === RSP.ACCOUNT_LOCKED).length).toBeGreaterThanOrEqual(7);
    expect((await attempt('ghost-burst', 'Wrong1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
  });

  it('a right password during a quiet time releases its reservation: no counter is left over', async () => {
    for (let i = 0; i < 3; i++) await attempt('demo', 'Wrong1234');
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.OK);
    const [row] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.loginId, addressKey('demo', '127.0.0.1')));
    expect(row).toMatchObject({ failures: 0, pending: 0, lockedUntil: null });
    // and the slow-down of the login id is forgotten
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.loginId, 'slow:demo'))).toEqual([]);
  });
});

describe('change-password counts wrong old passwords', () => {
  const modify = (token: string, oldPassword: string, newPassword = 'Better5678') =>
    changePassword(t.app, token, oldPassword, newPassword);

  it('5 wrong → 2012, every session ends, sign-in answers 2002 for 15 minutes, then works', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const other = await login(t.app, 'demo', 'Demo1234');
    for (let i = 0; i < 4; i++) {
      expect((await modify(token, `Nope${i}abcd`)).response.rspCode).toBe(RSP.WRONG_OLD_PASSWORD);
    }
    expect((await modify(token, 'Nope4abcd')).response).toEqual({
      rspCode: RSP.PASSWORD_CHANGE_LOCKED,
      rspDesc: rspText(RSP.PASSWORD_CHANGE_LOCKED),
    });
    for (const tok of [token, other]) {
      const info = await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: tok });
      expect(info.status).toBe(401);
    }
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    t.clock.advance(14 * MINUTE);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    t.clock.advance(MINUTE + 1000);
    const again = await login(t.app, 'demo', 'Demo1234');
    // the change-password counter starts again too: one wrong old password is just 2007
    expect((await modify(again, 'Nope5abcd')).response.rspCode).toBe(RSP.WRONG_OLD_PASSWORD);
    const locked = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.locked'));
    expect(locked.some((r) => r.detail?.by === 'modifyPwd')).toBe(true);
  });

  it('the operator unlock ends both locks', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    for (let i = 0; i < 5; i++) await modify(token, `Nope${i}abcd`);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    const lines: string[] = [];
    const env = { db: t.db, config: t.config, print: (l: string) => lines.push(l), now: t.clock.now };
    await runUserCommand(['unlock', 'demo'], env);
    expect(lines).toEqual(['已解除锁定 / unlocked: demo']);
    const again = await login(t.app, 'demo', 'Demo1234');
    expect((await modify(again, 'Nope5abcd')).response.rspCode).toBe(RSP.WRONG_OLD_PASSWORD);
  });

  it('a burst of wrong old passwords sent at once cannot get past 5 either', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => modify(token, `Nope${i}abcd`)));
    const codes = answers.map((a) => a.response.rspCode);
    expect(codes.filter((c) => c === RSP.WRONG_OLD_PASSWORD).length).toBeLessThanOrEqual(4);
    expect(codes).toContain(RSP.PASSWORD_CHANGE_LOCKED);
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(401);
    expect((await attempt('demo', 'Demo1234')).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
  });

  it('a right old password releases its reservation and the password changes', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    expect((await modify(token, 'Nope1abcd')).response.rspCode).toBe(RSP.WRONG_OLD_PASSWORD);
    const changed = await modify(token, 'Demo1234', 'Changed5678');
    expect(changed.response.rspCode).toBe(RSP.OK);
    const back = await modify(changed.result.accessToken, 'Changed5678', 'Demo1234');
    expect(back.response.rspCode).toBe(RSP.OK);
  });
});
