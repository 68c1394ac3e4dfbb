import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0033 on a database from before: roles are data once seeded, so the roles that already worked
 * collections (collection.work) are given the worklist (collection.view) and assignment (collection.assign); other
 * roles are left as they were; one open case per borrower.
 */
describe('migration 0033 (collection cases)', () => {
  it('gives the roles that work collections the worklist and assignment, and keeps one open case per borrower', async () => {
    const { db, migrateRest, close } = await databaseBefore('0033_collection_cases');
    try {
      const at = sql`timestamptz '2026-11-27T02:00:00Z'`;
      await db.execute(sql`insert into ops_roles (code, name, permissions, created_at) values
        ('collections', '风控', '["borrower.read","collection.work"]'::jsonb, ${at}),
        ('support', '客服', '["borrower.read"]'::jsonb, ${at})`);
      await db.execute(
        sql`insert into users (id, login_id, password_hash, user_name_cn) values (1, 'old1', 'x', '老用户')`,
      );
      await migrateRest();

      const roles = (await db.execute(sql`select code, permissions from ops_roles order by code`)).rows as {
        code: string;
        permissions: string[];
      }[];
      expect(roles).toEqual([
        {
          code: 'collections',
          permissions: ['borrower.read', 'collection.work', 'collection.view', 'collection.assign'],
        },
        { code: 'support', permissions: ['borrower.read'] },
      ]);
      const open = sql`insert into collection_cases (user_id, state, opened_at, updated_at) values (1, 'OPEN', ${at}, ${at})`;
      await db.execute(open);
      await expect(db.execute(open)).rejects.toThrow();
      await db.execute(sql`insert into collection_cases (user_id, state, opened_at, updated_at)
        values (1, 'CLOSED', ${at}, ${at})`);
      await expect(
        db.execute(sql`insert into collection_cases (user_id, state, opened_at, updated_at)
          values (1, 'PAUSED', ${at}, ${at})`),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
