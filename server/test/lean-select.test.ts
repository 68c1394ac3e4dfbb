import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanPrepared } from '../src/db/lean-select.ts';
import { coupons, sessions, users } from '../src/db/schema.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { USER_INFO_VIEW } from '../src/modules/users/user-info-view.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a lean prepared SELECT answers what Drizzle answers', () => {
  it('the session lookup with the getUserInfo view: nested objects, a whole table, SQL columns', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const query = () =>
      t.db
        .select({
          session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
          user: users,
          ...USER_INFO_VIEW.columns,
          couponIds: sql<number[]>`(select array_agg(${coupons.id} order by ${coupons.id}) from ${coupons}
            where ${coupons.userId} = ${users.id})`,
          userIdText: sql`(${users.id})::text`.mapWith(Number),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
        .limit(1);
    const values = { tokenHash: sha256Hex(token), now: new Date() };
    const drizzles = await query().prepare('lean_test_drizzle').execute(values);
    const lean = await leanPrepared(t.db, 'lean_test_lean', query()).execute(values);
    expect(drizzles).toHaveLength(1);
    expect(lean).toEqual(drizzles);
    const [row] = lean as typeof drizzles;
    expect(row?.user.loginId).toBe('demo');
    expect(row?.session.lastSeenAt).toBeInstanceOf(Date);
    expect(row?.userIdText).toBe(row?.user.id);
    expect(typeof (row as Record<string, unknown> | undefined)?.couponsCount).toBe('number');
    // the second execution runs the prepared statement
    expect(await leanPrepared(t.db, 'lean_test_lean2', query()).execute(values)).toEqual(drizzles);
  });

  it('no row: an empty answer', async () => {
    const query = t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.loginId, sql.placeholder('loginId')));
    const lean = leanPrepared(t.db, 'lean_test_none', query);
    expect(await lean.execute({ loginId: 'nobody-here' })).toEqual([]);
    expect(await lean.execute({ loginId: 'demo' })).toEqual([{ id: expect.any(Number) }]);
  });
});
