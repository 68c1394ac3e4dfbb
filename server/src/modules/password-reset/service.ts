import type { FindPwdRequest, SendFindPwdCodeRequest } from '@loan/domain';
import { checkPassword, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { clearFailures, normalizeLoginId } from '../auth/lockout.ts';
import { noticePasswordChanged, refuseCurrentPassword } from '../auth/new-password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { codeMessage } from '../codes/messages.ts';
import { codeRefused, consumeCode, issueCode } from '../codes/service.ts';
import { contactsOf } from '../contacts/contacts.ts';

async function findUser(ctx: AppContext, loginId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  return user ?? null;
}

/**
 * Sends a reset code to the account's phone or e-mail. The answer is the same whether or not the
 * account exists (or has that channel): only the 60 s resend rule can refuse, for any login id alike.
 */
export async function sendFindPwdCode(
  ctx: AppContext,
  body: SendFindPwdCodeRequest,
  meta: RequestMeta,
): Promise<void> {
  const loginId = normalizeLoginId(body.loginId);
  const user = await findUser(ctx, loginId);
  const now = ctx.now();
  const code = await issueCode(ctx.db, { purpose: 'findPwd', target: loginId }, now);
  const contacts = user ? contactsOf(ctx, user) : null;
  const recipient = body.channel === 'sms' ? contacts?.phone : contacts?.email;
  if (user && recipient) {
    await ctx.outbox.send(codeMessage('findPwd', body.channel, recipient, code));
  }
  const detail = { purpose: 'findPwd', channel: body.channel, sent: Boolean(user && recipient) };
  await recordAudit(ctx.db, { action: AUDIT.codeSent, at: now, userId: user?.id, loginId, meta, detail });
}

/**
 * Resets the password with a code: revokes every session, clears the lockout, ends "must change". The current
 * password is refused (2010) as change-password refuses it.
 */
export async function findPwd(ctx: AppContext, body: FindPwdRequest, meta: RequestMeta): Promise<void> {
  const password = decryptFieldOrFail(body.newPassword, ctx.config);
  const loginId = normalizeLoginId(body.loginId);
  const problem = checkPassword(password, loginId);
  if (problem) throw new ApiError(RSP.WEAK_PASSWORD, problem);

  const user = await findUser(ctx, loginId);
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const check = await consumeCode(tx, { purpose: 'findPwd', target: loginId }, body.code, now);
    if (check !== 'OK') return check;
    if (!user) return 'WRONG';
    // only after a valid code, so the answer tells nothing about the password to someone without it; the
    // refusal rolls back, so the code can be used again with another password
    await refuseCurrentPassword(user.passwordHash, password);
    await tx.update(users).set({ passwordHash, uptPwdTime: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await clearFailures(tx, loginId);
    await recordAudit(tx, { action: AUDIT.passwordReset, at: now, userId: user.id, loginId, meta });
    await noticePasswordChanged(tx, user.id, now);
    return 'OK';
  });
  if (done !== 'OK') throw codeRefused(done);
}
