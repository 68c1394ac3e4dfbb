import { randomBytes } from 'node:crypto';
import { RSP } from '@loan/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { operatorRoles, operators, opsRoles } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { normalizeLoginId } from '../auth/lockout.ts';

export interface NewOperator {
  loginId: string;
  name: string;
  password: string;
  roles: string[];
  /** a password someone else chose (an invitation, create-admin): the first sign-in replaces it */
  passwordChangeRequired?: boolean;
  /** when that one-time password stops working (null: never) */
  passwordExpiresAt?: Date | null;
}

const LOGIN_ID = /^[a-z0-9][a-z0-9._-]{2,31}$/;

/** A new operator with roles that exist (or none yet); the TOTP is enrolled at their first sign-in. */
export async function createOperator(db: Database, input: NewOperator, now: Date): Promise<number> {
  const loginId = normalizeLoginId(input.loginId);
  if (!LOGIN_ID.test(loginId)) {
    throw new ApiError(RSP.INVALID_INPUT, '登录账号为 3-32 位小写字母、数字或 . _ -，以字母或数字开头');
  }
  const name = input.name.trim();
  if (name === '' || name.length > 32) throw new ApiError(RSP.INVALID_INPUT, '姓名为 1-32 个字符');
  const known = await db
    .select({ code: opsRoles.code })
    .from(opsRoles)
    .where(inArray(opsRoles.code, input.roles.length > 0 ? input.roles : ['']));
  const unknown = input.roles.filter((role) => !known.some((k) => k.code === role));
  if (unknown.length > 0) {
    throw new ApiError(
      RSP.INVALID_INPUT,
      `请选择已有的角色${unknown.length > 0 ? `（没有角色 ${unknown.join('、')}）` : ''}`,
    );
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({
        loginId,
        name,
        passwordHash,
        passwordChangeRequired: input.passwordChangeRequired ?? false,
        passwordExpiresAt: input.passwordExpiresAt ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    if (!row) throw new ApiError(RSP.INVALID_INPUT, `登录账号 ${loginId} 已被使用`);
    if (input.roles.length > 0) {
      await tx
        .insert(operatorRoles)
        .values(input.roles.map((roleCode) => ({ operatorId: row.id, roleCode })));
    }
    return row.id;
  });
}

export async function operatorByLogin(db: Database, loginId: string) {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.loginId, normalizeLoginId(loginId)))
    .limit(1);
  return row ?? null;
}

/** Ten recovery codes (shown once) and the hashes kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

export function recoveryHash(code: string): string {
  return sha256Hex(`ops-recovery:${code.trim().toLowerCase()}`);
}

/**
 * The console's list of operators, with their roles and the work e-mail their invitation went to (shown whole to
 * the administrators: the one who confirms a role change checks that the address is the colleague's); never a
 * secret.
 */
export async function listOperators({ db, config, log }: Pick<AppContext, 'db' | 'config' | 'log'>) {
  const rows = await db
    .select({
      id: operators.id,
      loginId: operators.loginId,
      name: operators.name,
      disabled: operators.disabled,
      enrolled: operators.totpSecretEnc,
      emailEnc: operators.emailEnc,
      invitationPending: operators.passwordChangeRequired,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.id));
  const roles = await db
    .select({ operatorId: operatorRoles.operatorId, code: opsRoles.code, name: opsRoles.name })
    .from(operatorRoles)
    .innerJoin(opsRoles, eq(opsRoles.code, operatorRoles.roleCode));
  return rows.map((row) => ({
    loginId: row.loginId,
    name: row.name,
    disabled: row.disabled,
    totpEnrolled: row.enrolled !== null,
    invitationPending: row.invitationPending,
    email: row.emailEnc === null ? null : openOrNull({ config, log }, 'operatorEmail', row.id, row.emailEnc),
    createdAt: row.createdAt.toISOString(),
    roles: roles.filter((r) => r.operatorId === row.id).map(({ code, name }) => ({ code, name })),
  }));
}
