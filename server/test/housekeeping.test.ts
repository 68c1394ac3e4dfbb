import { createHash } from 'node:crypto';
import { RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { auditLog, directLoginNonces, loginFailures, sessions, verificationCodes } from '../src/db/schema.ts';
import { signDirectLoginTicket } from '../src/modules/auth/direct-ticket.ts';
import { purgeExpired } from '../src/modules/housekeeping/purge.ts';
import {
  call,
  cipher,
  createTestApp,
  login,
  MINUTE,
  TEST_DIRECT_LOGIN_SECRET,
  type TestApp,
} from './helpers/app.ts';

const DAY = 24 * 60 * MINUTE;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const purge = () => purgeExpired(t.db, t.clock.now());

describe('housekeeping: spent rows are purged, live ones and the audit log kept', () => {
  it('ended sessions go 30 days after they ended; newer ones and the audit log stay', async () => {
    const revoked = await login(t.app, 'demo', 'Demo1234');
    await call(t.app, 'GET', '/users/userLogout', undefined, { token: revoked });
    const expired = await login(t.app, 'demo', 'Demo1234');

    t.clock.advance(29 * DAY);
    const live = await login(t.app, 'demo', 'Demo1234');
    expect(await purge()).toMatchObject({ sessions: 0 });

    t.clock.advance(2 * DAY);
    const auditBefore = (await t.db.select().from(auditLog)).length;
    expect(await purge()).toMatchObject({ sessions: 2 });
    const left = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    expect(left).toEqual([hash(live)]);
    expect(left).not.toContain(hash(revoked));
    expect(left).not.toContain(hash(expired));
    expect((await t.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it('codes a day after expiry, nonces after their ticket, failure counters outside their window', async () => {
    const sent = await call(t.app, 'POST', '/application_vue/sendFindPwdCode', {
      loginId: 'demo',
      channel: 'email',
    });
    expect(sent.response.rspCode).toBe(RSP.OK);
    for (let i = 0; i < 2; i++) {
      await call(t.app, 'POST', '/application_vue/userLogin', {
        loginId: 'ghost',
        password: cipher('Wrong1234'),
      });
    }
    const ticket = signDirectLoginTicket(TEST_DIRECT_LOGIN_SECRET, 'demo', { now: t.clock.now() });
    expect((await call(t.app, 'POST', '/application_vue/directLogin', { ticket })).response.rspCode).toBe(
      RSP.OK,
    );

    expect(await purge()).toMatchObject({ sessions: 0, codes: 0, nonces: 0, loginFailures: 0 });

    t.clock.advance(16 * MINUTE);
    // ghost's counter from this address and its slow-down
    expect(await purge()).toMatchObject({ codes: 0, nonces: 1, loginFailures: 2 });
    expect(await t.db.select().from(directLoginNonces)).toHaveLength(0);
    expect(await t.db.select().from(loginFailures)).toHaveLength(0);
    expect(await t.db.select().from(verificationCodes)).toHaveLength(1);

    t.clock.advance(DAY);
    expect(await purge()).toMatchObject({ codes: 1 });
    expect(await t.db.select().from(verificationCodes)).toHaveLength(0);
  });

  it('a lock is never purged while it holds', async () => {
    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/application_vue/userLogin', {
        loginId: 'newbie',
        password: cipher('Wrong1234'),
      });
    }
    t.clock.advance(14 * MINUTE);
    expect(await purge()).toMatchObject({ loginFailures: 0 });
    const locked = await call(t.app, 'POST', '/application_vue/userLogin', {
      loginId: 'newbie',
      password: cipher('Newbie1234'),
    });
    expect(locked.response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    t.clock.advance(2 * MINUTE);
    expect(await purge()).toMatchObject({ loginFailures: 2 });
  });

  it('the operator command runs the same purge', async () => {
    const lines: string[] = [];
    await runUserCommand(['purge'], {
      db: t.db,
      config: t.config,
      print: (l) => lines.push(l),
      now: t.clock.now,
    });
    expect(lines.join('\n')).toMatch(/已清理 \/ purged: 会话 sessions \d+/);
  });
});
