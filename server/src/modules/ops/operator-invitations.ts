import { isEmail, maskEmail, OPS_INVITATION_HOURS, RSP, shanghaiDateTime } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { operators } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { open, seal } from '../../lib/sealed-columns.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { normalizeLoginId } from '../auth/lockout.ts';
import { otherOperator, revokeSessionsOf } from './operator-admin.ts';
import { createOperator } from './operators.ts';

/**
 * A new operator, with no role: the roles are a change another administrator confirms (maker-checker), so one
 * administrator alone never makes an account that can act. The one-time password goes by e-mail to the colleague
 * and is never shown to the creator; it works for 72 hours and only to set the colleague's own password, before
 * the authenticator is bound.
 */
export async function addOperator(
  ctx: InviteCtx,
  admin: SignedInOperator,
  input: { loginId: string; name: string; email: string },
  meta: RequestMeta,
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw new ApiError(RSP.INVALID_INPUT, '请输入正确的工作邮箱');
  const password = temporaryPassword();
  const now = ctx.now();
  const expiresAt = invitationEnd(now);
  const id = await createOperator(
    ctx.db,
    {
      loginId: input.loginId,
      name: input.name,
      password,
      roles: [],
      passwordChangeRequired: true,
      passwordExpiresAt: expiresAt,
    },
    now,
  );
  await ctx.db
    .update(operators)
    .set({ emailEnc: seal(ctx.config, 'operatorEmail', id, email) })
    .where(eq(operators.id, id));
  const loginId = normalizeLoginId(input.loginId);
  await recordOperatorAudit(ctx.db, admin, meta, AUDIT.opsOperatorCreated, now, {
    subject: `operator:${loginId}`,
    operator: loginId,
    operatorId: id,
    email: maskEmail(email),
    by: 'console',
  });
  await sendInvitation(ctx, { loginId, name: input.name.trim(), email, password, expiresAt });
  return { loginId, email, expiresAt: expiresAt.toISOString() };
}

type InviteCtx = Pick<AppContext, 'db' | 'now' | 'config' | 'outbox' | 'log'>;

const invitationEnd = (now: Date) => new Date(now.getTime() + OPS_INVITATION_HOURS * 3600_000);

async function sendInvitation(
  ctx: InviteCtx,
  invite: { loginId: string; name: string; email: string; password: string; expiresAt: Date },
) {
  await ctx.outbox.send({
    channel: 'email',
    recipient: invite.email,
    subject: '运营后台账号邀请',
    body: [
      `${invite.name}，您好：`,
      `管理员为您开通了运营后台账号。登录地址：${ctx.config.platform.publicUrl}/ops/`,
      `登录账号：${invite.loginId}`,
      `初始密码：${invite.password}`,
      `初始密码在 ${shanghaiDateTime(invite.expiresAt)}（北京时间）前有效，只能用于首次登录：登录后须先设置您自己的密码，再用手机验证器（如 Google Authenticator、Microsoft Authenticator）扫码绑定。`,
      '如果您没有申请该账号，请忽略本邮件并告知管理员。',
    ].join('\n'),
    validForMs: OPS_INVITATION_HOURS * 3600_000,
  });
}

/**
 * A new invitation for an operator who has not yet set their own password (the e-mail lost or the 72 hours
 * past): a new one-time password to the same address; the old one stops working.
 */
export async function resendInvitation(
  ctx: InviteCtx,
  admin: SignedInOperator,
  loginId: string,
  meta: RequestMeta,
) {
  const target = await otherOperator(ctx, admin, loginId);
  if (!target.passwordChangeRequired || target.emailEnc === null) {
    throw new ApiError(RSP.INVALID_INPUT, '该运营人员已设置自己的密码，无需重新邀请');
  }
  const email = open(ctx.config, 'operatorEmail', target.id, target.emailEnc);
  const password = temporaryPassword();
  const now = ctx.now();
  const expiresAt = invitationEnd(now);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ passwordHash: await hashPassword(password), passwordExpiresAt: expiresAt })
      .where(and(eq(operators.id, target.id), eq(operators.passwordChangeRequired, true)));
    await revokeSessionsOf(tx, target.id, now);
    await recordOperatorAudit(tx, admin, meta, AUDIT.opsInvitationSent, now, {
      subject: `operator:${target.loginId}`,
      email: maskEmail(email),
    });
  });
  await sendInvitation(ctx, { loginId: target.loginId, name: target.name, email, password, expiresAt });
  return { loginId: target.loginId, email, expiresAt: expiresAt.toISOString() };
}
