import type { LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { type AuditAction, recordUserAudit } from '../audit/record.ts';
import { noticeNewDevice } from './new-device.ts';
import { createSession, sessionLifetimes, sessionRef } from './sessions.ts';

/**
 * The end of every way in (password, SMS code, partner ticket): a new session for an enabled user, and the
 * notice of a sign-in from a new device (new-device.ts) in the same transaction.
 */
export async function issueLogin(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  action: AuditAction,
): Promise<LoginResult> {
  if (user.disabled) throw new ApiError(RSP.ACCOUNT_DISABLED);
  const now = ctx.now();
  const accessToken = await ctx.db.transaction(async (tx) => {
    const token = await createSession(tx, user.id, meta, now, sessionLifetimes(ctx.config));
    const tokenHash = sha256Hex(token);
    // before this sign-in's audit line: the account's sign-ins so far tell whether the device is new
    await noticeNewDevice(tx, { userId: user.id, userAgent: meta.userAgent, tokenHash, now });
    await recordUserAudit(tx, user, meta, action, now, {
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      session: sessionRef(tokenHash),
    });
    return token;
  });
  return { accessToken, mustChangePassword: user.uptPwdTime === null };
}
