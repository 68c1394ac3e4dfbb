import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0034 on a database from before: roles are data once seeded, so the roles that manage operators
 * (operator.manage, the administrators) are given the system status (system.view), once; other roles are left.
 */
describe('migration 0034 (system status permission)', () => {
  it('gives system.view to the roles that manage operators, once, and leaves the others', async () => {
    const { db, migrateRest, close } = await databaseBefore('0034_system_status_permission');
    try {
      const at = sql`timestamptz '2026-11-27T02:00:00Z'`;
      await db.execute(sql`insert into ops_roles (code, name, permissions, created_at) values
        ('admin', '管理员', '["audit.read","operator.manage"]'::jsonb, ${at}),
        ('lead', '主管', '["operator.manage","system.view"]'::jsonb, ${at}),
        ('support', '客服', '["borrower.read"]'::jsonb, ${at})`);
      await migrateRest();
      const roles = (await db.execute(sql`select code, permissions from ops_roles order by code`)).rows;
      expect(roles).toEqual([
        { code: 'admin', permissions: ['audit.read', 'operator.manage', 'system.view'] },
        { code: 'lead', permissions: ['operator.manage', 'system.view'] },
        { code: 'support', permissions: ['borrower.read'] },
      ]);
    } finally {
      await close();
    }
  });
});
