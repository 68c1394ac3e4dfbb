import { changesOf, RSP } from '@loan/domain';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { operatorRoles, operatorSessions, operators, opsRoles } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit, recordOperatorAudit } from '../audit/record.ts';
import { sessionRef } from '../auth/sessions.ts';
import { operatorByLogin } from './operators.ts';
import { OPS_IDLE_MS } from './ops-sessions.ts';
import { type CheckedBy, makeRequest } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

export async function otherOperator(ctx: Ctx, admin: SignedInOperator, loginId: string) {
  const target = await operatorByLogin(ctx.db, loginId);
  if (!target) throw new ApiError(RSP.INVALID_INPUT, '没有该运营人员，请核对登录账号');
  if (target.id === admin.id)
    throw new ApiError(RSP.INVALID_INPUT, '不能对自己的账号执行此操作，请由另一位管理员处理');
  return target;
}

export async function revokeSessionsOf(db: Database, operatorId: number, now: Date) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

/** Asks for an operator's roles to become these: done when another administrator confirms it. */
export async function askRoleChange(
  ctx: Ctx,
  admin: SignedInOperator,
  input: { loginId: string; roles: string[] },
  meta: RequestMeta,
) {
  const target = await otherOperator(ctx, admin, input.loginId);
  const roles = [...new Set(input.roles)].sort();
  const known = roles.length
    ? await ctx.db.select({ code: opsRoles.code }).from(opsRoles).where(inArray(opsRoles.code, roles))
    : [];
  const unknown = roles.filter((role) => !known.some((k) => k.code === role));
  if (unknown.length > 0) throw new ApiError(RSP.INVALID_INPUT, `没有角色 ${unknown.join('、')}`);
  const current = await ctx.db
    .select({ code: operatorRoles.roleCode })
    .from(operatorRoles)
    .where(eq(operatorRoles.operatorId, target.id))
    .orderBy(asc(operatorRoles.roleCode));
  if (current.map((r) => r.code).join(',') === roles.join(',')) {
    throw new ApiError(RSP.INVALID_INPUT, '角色没有变化');
  }
  const row = await makeRequest(
    ctx,
    admin,
    {
      kind: 'operator.roles',
      subject: `operator:${target.loginId}`,
      payload: { loginId: target.loginId, roles, before: current.map((r) => r.code) },
    },
    meta,
  );
  return { requestId: row.id, state: row.state };
}

/** The confirmed role change, done: the operator's roles replaced; every later call reads them. */
export async function applyRoleChange(
  db: Database,
  row: { payload: Record<string, unknown> },
  by: CheckedBy,
) {
  const loginId = String(row.payload.loginId);
  const roles = (row.payload.roles as string[]) ?? [];
  const target = await operatorByLogin(db, loginId);
  if (!target) throw new ApiError(RSP.INVALID_INPUT, '没有该运营人员');
  await db.delete(operatorRoles).where(eq(operatorRoles.operatorId, target.id));
  if (roles.length > 0) {
    await db.insert(operatorRoles).values(roles.map((roleCode) => ({ operatorId: target.id, roleCode })));
  }
  await recordAudit(db, {
    action: AUDIT.opsRolesChanged,
    at: by.now,
    operatorId: by.checker.id,
    loginId: by.checker.loginId,
    detail: {
      subject: `operator:${loginId}`,
      roles,
      maker: by.makerLoginId,
      changes: { roles: { before: row.payload.before ?? null, after: roles } },
    },
  });
}

/** 停用 / 启用 another operator; stopping ends their sessions at once. */
export async function setOperatorDisabled(
  ctx: Ctx,
  admin: SignedInOperator,
  input: { loginId: string; disabled: boolean },
  meta: RequestMeta,
) {
  const target = await otherOperator(ctx, admin, input.loginId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(operators).set({ disabled: input.disabled }).where(eq(operators.id, target.id));
    if (input.disabled) await revokeSessionsOf(tx, target.id, now);
    await recordOperatorAudit(
      tx,
      admin,
      meta,
      input.disabled ? AUDIT.opsOperatorDisabled : AUDIT.opsOperatorEnabled,
      now,
      {
        subject: `operator:${target.loginId}`,
        changes: changesOf({ disabled: target.disabled }, { disabled: input.disabled }),
      },
    );
  });
  return { loginId: target.loginId, disabled: input.disabled };
}

/** A lost phone: the operator binds a new authenticator at their next sign-in; their sessions end now. */
export async function resetOperatorTotp(
  ctx: Ctx,
  admin: SignedInOperator,
  loginId: string,
  meta: RequestMeta,
) {
  const target = await otherOperator(ctx, admin, loginId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totpSecretEnc: null, totpPendingEnc: null, totpLastStep: null, recoveryCodeHashes: [] })
      .where(eq(operators.id, target.id));
    await revokeSessionsOf(tx, target.id, now);
    await recordOperatorAudit(tx, admin, meta, AUDIT.opsTotpReset, now, {
      subject: `operator:${target.loginId}`,
      changes: { totp: { before: target.totpSecretEnc !== null, after: false } },
    });
  });
  return { loginId: target.loginId };
}

/** The console sessions open now (not ended, not idle, not past their end), newest first. */
export async function openSessions(ctx: Ctx, me: SignedInOperator) {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ session: operatorSessions, loginId: operators.loginId, name: operators.name })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.stage, 'ACTIVE'),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPS_IDLE_MS)),
      ),
    )
    .orderBy(asc(operatorSessions.createdAt))
    .limit(500);
  return rows.reverse().map(({ session, loginId, name }) => ({
    ref: sessionRef(session.tokenHash),
    loginId,
    name,
    ip: session.ip,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.tokenHash === me.tokenHash,
  }));
}

/** An administrator ends another's console session (by its reference: the list never shows a token or its hash). */
export async function endSession(ctx: Ctx, admin: SignedInOperator, ref: string, meta: RequestMeta) {
  const now = ctx.now();
  const open = await ctx.db
    .select({ tokenHash: operatorSessions.tokenHash, operatorId: operatorSessions.operatorId })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.stage, 'ACTIVE'),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    );
  const found = open.find((s) => sessionRef(s.tokenHash) === ref);
  if (!found) throw new ApiError(RSP.INVALID_INPUT, '该会话已结束或不存在，请刷新列表');
  await ctx.db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.tokenHash, found.tokenHash), isNull(operatorSessions.revokedAt)));
  await recordOperatorAudit(ctx.db, admin, meta, AUDIT.opsSessionEnded, now, {
    operatorId: found.operatorId,
  });
  return { ended: true };
}
