import type {
  ModifyPwdRequest,
  ModifyPwdResult,
  Prerequisite,
  UserAllCheckResult,
  UserInfo,
} from '@loan/domain';
import { checkPassword, maskPhone, RSP, storeAuthInfo } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { agreementsAccepted } from '../agreements/service.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { noticePasswordChanged, refuseCurrentPassword } from '../auth/new-password.ts';
import { verifyOldPassword } from '../auth/password-change-guard.ts';
import { createSession, revokeAllSessions, sessionLifetimes } from '../auth/sessions.ts';
import { certificationSummary } from '../certification/service.ts';
import type { Contacts } from '../contacts/contacts.ts';
import type { ReceivingSummary } from '../receiving-account/view.ts';
import { storeForApplication } from '../stores/service.ts';

/**
 * docs/PRODUCT.md §7 getUserInfo, plus the only-page list and the usable coupons' count; the phone is masked.
 * paidMethod, openBank and subAccNo (masked) come from the receiving account (receiving-account/view.ts).
 */
export function userInfo(
  user: UserRow,
  contacts: Contacts,
  couponsCount = 0,
  receiving: ReceivingSummary | null = null,
): UserInfo {
  const open = receiving?.state === 'OPEN';
  return {
    assetsCodes: user.assetsCodes,
    loginId: user.loginId,
    userNameCn: user.userNameCn,
    email: contacts.email,
    uptPwdTime: user.uptPwdTime?.toISOString() ?? null,
    paidMethod: receiving?.paidMethod ?? null,
    openBank: open ? receiving.bankName : null,
    subAccNo: open ? receiving.accountNoMasked : null,
    onlyPages: user.onlyPages ?? null,
    phone: contacts.phone ? maskPhone(contacts.phone) : null,
    couponsCount,
  };
}

/** What the user still has to do before applying, computed from the real records (all four available). */
export async function userAllCheck(ctx: AppContext, user: UserRow): Promise<UserAllCheckResult> {
  const certification = await certificationSummary(ctx.db, user.id);
  const store = await storeForApplication(ctx, user.id);
  const steps: Prerequisite[] = [
    {
      key: 'changePassword',
      title: '修改初始密码',
      path: '/account/reset',
      available: true,
      done: user.uptPwdTime !== null,
    },
    {
      key: 'acceptAgreements',
      title: '签署协议',
      path: '/agreement',
      available: true,
      done: await agreementsAccepted(ctx.db, user.id),
    },
    {
      key: 'certify',
      title: '贷款认证',
      path: '/application',
      available: true,
      done: certification?.company === true && certification.legalPerson,
    },
    {
      key: 'authoriseStore',
      title: '授权店铺',
      path: '/apply/LoanInfo',
      available: true,
      done: storeAuthInfo(store.status).canApply,
    },
  ];
  return { steps, ready: steps.every((s) => s.done) };
}

/**
 * Changes the password: every session of the user ends; the caller gets a fresh one. Wrong old passwords
 * are counted: 5 within 15 minutes end every session and lock the account for 15 minutes (2012).
 */
export async function modifyPassword(
  ctx: AppContext,
  user: UserRow,
  body: ModifyPwdRequest,
  meta: RequestMeta,
): Promise<ModifyPwdResult> {
  const oldPassword = decryptFieldOrFail(body.oldPassword, ctx.config);
  const newPassword = decryptFieldOrFail(body.newPassword, ctx.config);
  await verifyOldPassword(ctx, user, oldPassword, meta);
  const problem = checkPassword(newPassword, user.loginId);
  if (problem) throw new ApiError(RSP.WEAK_PASSWORD, problem);
  await refuseCurrentPassword(user.passwordHash, newPassword);

  const passwordHash = await hashPassword(newPassword);
  const now = ctx.now();
  const accessToken = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, uptPwdTime: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await recordUserAudit(tx, user, meta, AUDIT.passwordChange, now);
    await noticePasswordChanged(tx, user.id, now);
    return createSession(tx, user.id, meta, now, sessionLifetimes(ctx.config));
  });
  return { accessToken };
}
