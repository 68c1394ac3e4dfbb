import type { LoginRequest, LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { verifyDummy, verifyPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { countWrongPassword, forgetWrongPasswords, takeTurn } from './account-throttle.ts';
import { issueLogin } from './issue-login.ts';
import {
  addressKey,
  lockedUntil,
  normalizeLoginId,
  releaseAttempt,
  reserveAttempt,
  settleFailure,
} from './lockout.ts';

/** 2004 with how long to wait, in whole seconds. */
function slowedDown(waitMs: number): ApiError {
  return new ApiError(RSP.TOO_MANY_REQUESTS, `登录尝试过于频繁，请 ${Math.ceil(waitMs / 1000)} 秒后再试`);
}

/**
 * Login id + password, in three guards before the password is verified:
 * - a lock of the whole login id (set by too many wrong old passwords on change-password): 2002;
 * - the lock of this client address on it (5 wrong passwords from it within 15 minutes; addressKey): 2002. The
 *   attempt is reserved first, so a burst sent at once gets at most 5 verdicts;
 * - the login id's slow-down for every address (account-throttle.ts): 2004 saying how long to wait.
 * A wrong password counts on both; the right one releases its reservation, leaves a lock alone and forgets
 * the slow-down. An unknown login id is verified against a dummy hash and counted like a known one: the same
 * answers in about the same time. SMS sign-in is none of this's business: the owner can always use it.
 */
export async function passwordLogin(
  ctx: AppContext,
  body: LoginRequest,
  meta: RequestMeta,
): Promise<LoginResult> {
  const password = decryptFieldOrFail(body.password, ctx.config);
  const loginId = normalizeLoginId(body.loginId);
  const key = addressKey(loginId, meta.ip);
  const { db } = ctx;
  const audit = { loginId, meta };
  const refuseLocked = async (lockedNow = false) => {
    const at = ctx.now();
    if (lockedNow) await recordAudit(db, { ...audit, action: AUDIT.locked, at, detail: { burst: true } });
    await recordAudit(db, { ...audit, action: AUDIT.lockedRefused, at });
    return new ApiError(RSP.ACCOUNT_LOCKED);
  };

  if (
    (await lockedUntil(db, loginId, ctx.now())) !== null ||
    (await lockedUntil(db, key, ctx.now())) !== null
  ) {
    throw await refuseLocked();
  }
  const turn = await takeTurn(db, loginId, ctx.now());
  if (!turn.admitted) {
    await recordAudit(db, { ...audit, action: AUDIT.lockedRefused, at: ctx.now(), detail: { slowed: true } });
    throw slowedDown(turn.waitMs);
  }
  const reservation = await reserveAttempt(db, key, ctx.now());
  if (!reservation.admitted) throw await refuseLocked(reservation.lockedNow);

  const [user] = await db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);

  if (!user || !valid) {
    const now = ctx.now();
    const locked = (await settleFailure(db, key, reservation, now)) !== null;
    await countWrongPassword(db, loginId, now);
    const detail = { knownAccount: Boolean(user) };
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.loginFailure, at: now, detail });
    if (!locked) throw new ApiError(RSP.WRONG_CREDENTIALS);
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.locked, at: now, detail });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }

  await releaseAttempt(db, key, reservation, ctx.now());
  await forgetWrongPasswords(db, loginId);
  return issueLogin(ctx, user, meta, AUDIT.loginSuccess);
}
