import type { LoginResult } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { codeMessage } from '../codes/messages.ts';
import { type CodeTarget, codeRefused, consumeCode, issueCode } from '../codes/service.ts';
import { phoneHashOf, userByPhone } from '../contacts/contacts.ts';
import { issueLogin } from './issue-login.ts';

/** The code's target: the phone's lookup hash, so the codes and their daily counts hold no phone number. */
const loginTarget = (ctx: AppContext, phone: string): CodeTarget => ({
  purpose: 'smsLogin',
  target: phoneHashOf(ctx.config, phone),
});

/** Sends a login code to the phone; the same answer whether or not an account has that phone. */
export async function sendLoginSms(ctx: AppContext, phone: string, meta: RequestMeta): Promise<void> {
  const user = await userByPhone(ctx.db, ctx.config, phone);
  const now = ctx.now();
  const code = await issueCode(ctx.db, loginTarget(ctx, phone), now);
  if (user) await ctx.outbox.send(codeMessage('smsLogin', 'sms', phone, code));
  const detail = { purpose: 'smsLogin', sent: Boolean(user) };
  await recordAudit(ctx.db, {
    action: AUDIT.codeSent,
    at: now,
    userId: user?.id,
    loginId: user?.loginId,
    meta,
    detail,
  });
}

/** Material entry: phone + SMS code. */
export async function smsLogin(
  ctx: AppContext,
  body: { phone: string; code: string },
  meta: RequestMeta,
): Promise<LoginResult> {
  const now = ctx.now();
  const check = await ctx.db.transaction((tx) =>
    consumeCode(tx, loginTarget(ctx, body.phone), body.code, now),
  );
  if (check !== 'OK') throw codeRefused(check);
  const user = await userByPhone(ctx.db, ctx.config, body.phone);
  if (!user) throw codeRefused('WRONG');
  return issueLogin(ctx, user, meta, AUDIT.smsLogin);
}
