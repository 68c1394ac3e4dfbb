import type { LoginRequest, LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { verifyDummy, verifyPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { issueLogin } from './issue-login.ts';
import { normalizeLoginId, releaseAttempt, reserveAttempt, settleFailure } from './lockout.ts';

/**
 * Login id + password. The attempt is reserved before the password is verified (a burst sent at once
 * cannot get more than 5 verdicts past the lock); a wrong password stays counted, the right one releases
 * its reservation and leaves any lock alone. An unknown login id is verified against a dummy hash and
 * counted and locked like a known one: the same answer (2001, then 2002) in about the same time.
 */
export async function passwordLogin(
  ctx: AppContext,
  body: LoginRequest,
  meta: RequestMeta,
): Promise<LoginResult> {
  const password = decryptFieldOrFail(body.password, ctx.config);
  const loginId = normalizeLoginId(body.loginId);
  const { db } = ctx;
  const audit = { loginId, meta };

  const reservation = await reserveAttempt(db, loginId, ctx.now());
  if (!reservation.admitted) {
    const at = ctx.now();
    if (reservation.lockedNow)
      await recordAudit(db, { ...audit, action: AUDIT.locked, at, detail: { burst: true } });
    await recordAudit(db, { ...audit, action: AUDIT.lockedRefused, at });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }

  const [user] = await db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);

  if (!user || !valid) {
    const now = ctx.now();
    const locked = (await settleFailure(db, loginId, reservation, now)) !== null;
    const detail = { knownAccount: Boolean(user) };
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.loginFailure, at: now, detail });
    if (!locked) throw new ApiError(RSP.WRONG_CREDENTIALS);
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.locked, at: now, detail });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }

  await releaseAttempt(db, loginId, reservation, ctx.now());
  return issueLogin(ctx, user, meta, AUDIT.loginSuccess);
}
