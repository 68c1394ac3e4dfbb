import type { LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { type AuditAction, recordUserAudit } from '../audit/record.ts';
import { createSession, sessionLifetimes, sessionRef } from './sessions.ts';

/** The end of every way in (password, SMS code, partner ticket): a new session for an enabled user. */
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
    await recordUserAudit(tx, user, meta, action, now, {
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      session: sessionRef(sha256Hex(token)),
    });
    return token;
  });
  return { accessToken, mustChangePassword: user.uptPwdTime === null };
}
