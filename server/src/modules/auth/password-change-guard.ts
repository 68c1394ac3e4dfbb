import { RSP } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { lockUntil, modifyPwdKey, releaseAttempt, reserveAttempt, settleFailure } from './lockout.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * Too many wrong old passwords: every session of the user ends and sign-in is locked as long as the
 * change-password lock holds (sign-in answers 2002 meanwhile). Answers 2012.
 */
async function lockAccount(ctx: AppContext, user: UserRow, until: Date, meta: RequestMeta): Promise<never> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockUntil(tx, user.loginId, until, now);
    await revokeAllSessions(tx, user.id, now);
    await recordUserAudit(tx, user, meta, AUDIT.locked, now, { by: 'modifyPwd', until: until.toISOString() });
  });
  throw new ApiError(RSP.PASSWORD_CHANGE_LOCKED);
}

/**
 * Verifies the old password on change-password, counting wrong ones like sign-in does: the attempt is
 * reserved before verifying; the 5th wrong one within 15 minutes (or a burst over 5) locks the account
 * for 15 minutes. A wrong old password answers 2007 (with `wrongText` when given), the lock 2012. Changing the
 * phone or e-mail asks for the password through it too, counted on the same counter.
 */
export async function verifyOldPassword(
  ctx: AppContext,
  user: UserRow,
  oldPassword: string,
  meta: RequestMeta,
  wrongText?: string,
): Promise<void> {
  const key = modifyPwdKey(user.loginId);
  const reservation = await reserveAttempt(ctx.db, key, ctx.now());
  if (!reservation.admitted) return lockAccount(ctx, user, reservation.lockedUntil, meta);
  if (await verifyPassword(user.passwordHash, oldPassword)) {
    await releaseAttempt(ctx.db, key, reservation, ctx.now());
    return;
  }
  const locked = await settleFailure(ctx.db, key, reservation, ctx.now());
  if (locked) return lockAccount(ctx, user, locked, meta);
  throw new ApiError(RSP.WRONG_OLD_PASSWORD, wrongText);
}
