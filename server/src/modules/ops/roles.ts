import { DEFAULT_ROLES, type OpsRoleSummary, type Permission, permissionsOf } from '@loan/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operatorRoles, opsRoles } from '../../db/schema.ts';

/**
 * The roles a new installation starts with (domain's DEFAULT_ROLES), added only while the table is empty: after
 * that they are data an administrator changes, and a start never puts back a role that was removed.
 */
export async function seedOpsRoles(db: Database, now: Date = new Date()): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(opsRoles);
  if (count > 0) return;
  await db
    .insert(opsRoles)
    .values(DEFAULT_ROLES.map((role) => ({ ...role, permissions: [...role.permissions], createdAt: now })))
    .onConflictDoNothing();
}

export interface OperatorGrants {
  roles: OpsRoleSummary[];
  permissions: Permission[];
}

/** An operator's roles and the permissions they add up to (unknown permission names in a role count for nothing). */
export async function grantsOf(db: Database, operatorId: number): Promise<OperatorGrants> {
  const rows = await db
    .select({ code: opsRoles.code, name: opsRoles.name, permissions: opsRoles.permissions })
    .from(operatorRoles)
    .innerJoin(opsRoles, eq(opsRoles.code, operatorRoles.roleCode))
    .where(eq(operatorRoles.operatorId, operatorId))
    .orderBy(asc(opsRoles.code));
  return { roles: rows.map(({ code, name }) => ({ code, name })), permissions: permissionsOf(rows) };
}

export async function listRoles(db: Database) {
  const rows = await db.select().from(opsRoles).orderBy(asc(opsRoles.createdAt), asc(opsRoles.code));
  return rows.map((row) => ({ code: row.code, name: row.name, permissions: permissionsOf([row]) }));
}
