import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.db.execute(sql.raw('drop trigger if exists audit_refuses_logout on audit_log'));
  await t?.close();
});

async function logoutRows(userId: number): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_log where action = 'logout' and user_id = ${userId}`,
  );
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function demoId(): Promise<number> {
  const rows = await t.db.execute<{ id: number }>(sql`select id from users where login_id = 'demo'`);
  return (rows as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}

describe('logout: the session revoked and the audit row written in one transaction', () => {
  it('when the audit row cannot be written, the session is not revoked', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const userId = await demoId();
    await t.db.execute(
      sql.raw(`create or replace function refuse_logout_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit log unavailable'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger audit_refuses_logout before insert on audit_log for each row
        when (new.action = 'logout') execute function refuse_logout_audit()`),
    );
    try {
      const out = await call(t.app, 'GET', '/users/userLogout', undefined, { token });
      expect(out.status).toBe(500);
      expect(out.response.rspCode).toBe('9999');
    } finally {
      await t.db.execute(sql.raw('drop trigger audit_refuses_logout on audit_log'));
    }
    expect(await logoutRows(userId)).toBe(0);
    // the session still works: the borrower can sign out again
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).response.rspCode).toBe(
      '0000',
    );
  });

  it('a normal logout revokes the session and writes its audit row', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const userId = await demoId();
    const before = await logoutRows(userId);
    const out = await call(t.app, 'GET', '/users/userLogout', undefined, { token });
    expect(out.response.rspCode).toBe('0000');
    expect(await logoutRows(userId)).toBe(before + 1);
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(401);
  });
});
