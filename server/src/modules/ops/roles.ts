import {
  type BankScope,
  bankScopeOf,
  bankScopeOfRole,
  DEFAULT_ROLES,
  type OpsRoleSummary,
  type Permission,
  permissionsOf,
} from '@loan/domain';
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
  /** 数据范围: the banks whose borrowers the operator sees (null: all), the union of the roles' */
  bankScope: BankScope;
}

/**
 * An operator's roles, the permissions they add up to (unknown permission names in a role count for nothing) and
 * their data scope (all if any role is unscoped), in one query.
 */
export async function grantsOf(db: Database, operatorId: number): Promise<OperatorGrants> {
  const rows = await db
    .select({
      code: opsRoles.code,
      name: opsRoles.name,
      permissions: opsRoles.permissions,
      bankScope: opsRoles.bankScope,
    })
    .from(operatorRoles)
    .innerJoin(opsRoles, eq(opsRoles.code, operatorRoles.roleCode))
    .where(eq(operatorRoles.operatorId, operatorId))
    .orderBy(asc(opsRoles.code));
  return {
    roles: rows.map(({ code, name }) => ({ code, name })),
    permissions: permissionsOf(rows),
    bankScope: bankScopeOf(rows),
  };
}

/**
 * 数据范围 of a role set (null: every bank), in one statement; the scope before and after, or null when there is no
 * such role. Takes effect on the operators' next request (the guard reads it with the permissions).
 */
export async function setRoleBankScope(
  db: Database,
  code: string,
  scope: BankScope,
): Promise<{ before: BankScope; after: BankScope } | null> {
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ bankScope: opsRoles.bankScope })
      .from(opsRoles)
      .where(eq(opsRoles.code, code))
      .for('update');
    if (!role) return null;
    await tx
      .update(opsRoles)
      .set({ bankScope: scope === null ? null : [...scope] })
      .where(eq(opsRoles.code, code));
    return { before: bankScopeOfRole(role.bankScope), after: scope };
  });
}

export async function listRoles(db: Database) {
  const rows = await db.select().from(opsRoles).orderBy(asc(opsRoles.createdAt), asc(opsRoles.code));
  return rows.map((row) => {
    const scope = bankScopeOfRole(row.bankScope);
    return {
      code: row.code,
      name: row.name,
      permissions: permissionsOf([row]),
      bankScope: scope && [...scope],
    };
  });
}
