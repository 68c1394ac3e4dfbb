import type {
  ModifyPwdRequest,
  ModifyPwdResult,
  Prerequisite,
  UserAllCheckResult,
  UserInfo,
} from '@loan/domain';
import { checkPassword, maskPhone, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { createSession, revokeAllSessions, sessionLifetimes } from '../auth/sessions.ts';

/** SPEC.md §7 getUserInfo, plus the only-page list; the phone is masked. */
export function userInfo(user: UserRow): UserInfo {
  return {
    assetsCodes: user.assetsCodes,
    loginId: user.loginId,
    userNameCn: user.userNameCn,
    email: user.email,
    uptPwdTime: user.uptPwdTime?.toISOString() ?? null,
    paidMethod: user.paidMethod,
    openBank: user.openBank,
    subAccNo: user.subAccNo,
    onlyPages: user.onlyPages ?? null,
    phone: user.phone ? maskPhone(user.phone) : null,
  };
}

/**
 * What the user still has to do before applying. Only the password change exists in this issue; the other
 * steps are listed, not done and not available until their issues build them.
 */
const STEPS: ReadonlyArray<Omit<Prerequisite, 'done'> & { done: (user: UserRow) => boolean }> = [
  {
    key: 'changePassword',
    title: '修改初始密码',
    path: '/account/reset',
    available: true,
    done: (user) => user.uptPwdTime !== null,
  },
  { key: 'acceptAgreements', title: '签署协议', path: '/agreement', available: false, done: () => false },
  { key: 'certify', title: '贷款认证', path: '/application/enter', available: false, done: () => false },
  { key: 'authoriseStore', title: '授权店铺', path: '/apply/LoanInfo', available: false, done: () => false },
];

export function userAllCheck(user: UserRow): UserAllCheckResult {
  const steps = STEPS.map(({ done, ...step }) => ({ ...step, done: done(user) }));
  return { steps, ready: steps.every((s) => s.done) };
}

/** Changes the password: every session of the user ends; the caller gets a fresh one. */
export async function modifyPassword(
  ctx: AppContext,
  user: UserRow,
  body: ModifyPwdRequest,
  meta: RequestMeta,
): Promise<ModifyPwdResult> {
  const oldPassword = decryptFieldOrFail(body.oldPassword, ctx.config);
  const newPassword = decryptFieldOrFail(body.newPassword, ctx.config);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw new ApiError(RSP.WRONG_OLD_PASSWORD);
  const problem = checkPassword(newPassword, user.loginId);
  if (problem) throw new ApiError(RSP.WEAK_PASSWORD, problem);
  if (newPassword === oldPassword) throw new ApiError(RSP.SAME_PASSWORD);

  const passwordHash = await hashPassword(newPassword);
  const now = ctx.now();
  const accessToken = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, uptPwdTime: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await recordAudit(tx, {
      action: AUDIT.passwordChange,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
    });
    return createSession(tx, user.id, meta, now, sessionLifetimes(ctx.config));
  });
  return { accessToken };
}
