import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { call, createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INFO = '/users/getUserInfo';
const HOUR = 60 * MINUTE;

function expect401(res: { status: number; response: unknown; result: unknown }) {
  expect(res.status).toBe(401);
  expect(res.response).toEqual({ rspCode: RSP.SESSION_EXPIRED, rspDesc: rspText(RSP.SESSION_EXPIRED) });
  expect(res.result).toBeNull();
}

describe('no valid session → HTTP 401 with the 4010 envelope', () => {
  it.each([
    ['no token', undefined],
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not a token!'],
    ['an over-long token', 'A'.repeat(500)],
  ])('%s', async (_name, token) => {
    expect401(await call(t.app, 'GET', INFO, undefined, { token }));
  });

  it('on every authenticated call', async () => {
    expect401(await call(t.app, 'GET', '/users/toUserAllCheck'));
    expect401(await call(t.app, 'GET', '/users/userLogout'));
    expect401(await call(t.app, 'POST', '/users/modifyPwd', { oldPassword: 'x', newPassword: 'y' }));
  });
});

describe('session lifetimes', () => {
  it('ends after 30 idle minutes', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    t.clock.advance(29 * MINUTE);
    expect((await call(t.app, 'GET', INFO, undefined, { token })).status).toBe(200);
    // the call above counted as activity: another 29 minutes are fine
    t.clock.advance(29 * MINUTE);
    expect((await call(t.app, 'GET', INFO, undefined, { token })).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect401(await call(t.app, 'GET', INFO, undefined, { token }));
  });

  it('writes last_seen_at at most once a minute', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const seen = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256Hex(token)))
      )[0]!.lastSeenAt.getTime();
    const first = await seen();
    t.clock.advance(30_000);
    await call(t.app, 'GET', INFO, undefined, { token });
    expect(await seen()).toBe(first);
    t.clock.advance(31_000);
    await call(t.app, 'GET', INFO, undefined, { token });
    expect(await seen()).toBe(first + 61_000);
  });

  it('ends 12 hours after login however active', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect((await call(t.app, 'GET', INFO, undefined, { token })).status).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect401(await call(t.app, 'GET', INFO, undefined, { token }));
  });

  it('logout revokes the session (and only that one)', async () => {
    const a = await login(t.app, 'demo', 'Demo1234');
    const b = await login(t.app, 'demo', 'Demo1234');
    const out = await call(t.app, 'GET', '/users/userLogout', undefined, { token: a });
    expect(out.status).toBe(200);
    expect(out.response.rspCode).toBe(RSP.OK);
    expect401(await call(t.app, 'GET', INFO, undefined, { token: a }));
    expect401(await call(t.app, 'GET', '/users/userLogout', undefined, { token: a }));
    expect((await call(t.app, 'GET', INFO, undefined, { token: b })).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(a)));
    expect(row!.revokedAt).not.toBeNull();
  });
});

describe('a user who must change the password', () => {
  it('may call user info, logout and the password change; anything else gets 2005', async () => {
    const token = await login(t.app, 'newbie', 'Newbie1234');
    const info = await call(t.app, 'GET', INFO, undefined, { token });
    expect(info.response.rspCode).toBe(RSP.OK);
    const check = await call(t.app, 'GET', '/users/toUserAllCheck', undefined, { token });
    expect(check.status).toBe(200);
    expect(check.response).toEqual({
      rspCode: RSP.MUST_CHANGE_PASSWORD,
      rspDesc: rspText(RSP.MUST_CHANGE_PASSWORD),
    });
    expect(
      (await call(t.app, 'GET', '/application_vue/clientConfig', undefined, { token })).response.rspCode,
    ).toBe(RSP.OK);
    expect((await call(t.app, 'GET', '/users/userLogout', undefined, { token })).response.rspCode).toBe(
      RSP.OK,
    );
  });
});

describe('a disabled user', () => {
  it('gets 2011 on authenticated calls', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    await t.db.update(users).set({ disabled: true }).where(eq(users.loginId, 'demo'));
    try {
      const res = await call(t.app, 'GET', INFO, undefined, { token });
      expect(res.status).toBe(200);
      expect(res.response.rspCode).toBe(RSP.ACCOUNT_DISABLED);
    } finally {
      await t.db.update(users).set({ disabled: false }).where(eq(users.loginId, 'demo'));
    }
  });
});
