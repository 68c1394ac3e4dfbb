import type { LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { codeMessage } from '../codes/messages.ts';
import { consumeCode, issueCode } from '../codes/service.ts';
import { issueLogin } from './issue-login.ts';

async function userByPhone(ctx: AppContext, phone: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user ?? null;
}

/** Sends a login code to the phone; the same answer whether or not an account has that phone. */
export async function sendLoginSms(ctx: AppContext, phone: string, meta: RequestMeta): Promise<void> {
  const user = await userByPhone(ctx, phone);
  const now = ctx.now();
  const code = await issueCode(ctx.db, { purpose: 'smsLogin', target: phone }, now);
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
  const valid = await ctx.db.transaction((tx) =>
    consumeCode(tx, { purpose: 'smsLogin', target: body.phone }, body.code, now),
  );
  const user = valid ? await userByPhone(ctx, body.phone) : null;
  if (!user) throw new ApiError(RSP.BAD_CODE);
  return issueLogin(ctx, user, meta, AUDIT.smsLogin);
}
