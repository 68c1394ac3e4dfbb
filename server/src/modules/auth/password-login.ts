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
import { clearFailures, lockedUntil, normalizeLoginId, recordFailure } from './lockout.ts';

/**
 * Login id + password. An unknown login id is verified against a dummy hash and counted and locked
 * like a known one: the same answer (2001, then 2002) in about the same time.
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

  if (await lockedUntil(db, loginId, ctx.now())) {
    await recordAudit(db, { ...audit, action: AUDIT.lockedRefused, at: ctx.now() });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }

  const [user] = await db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);

  if (!user || !valid) {
    const now = ctx.now();
    const locked = await recordFailure(db, loginId, now);
    const detail = { knownAccount: Boolean(user) };
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.loginFailure, at: now, detail });
    if (!locked) throw new ApiError(RSP.WRONG_CREDENTIALS);
    await recordAudit(db, { ...audit, userId: user?.id, action: AUDIT.locked, at: now, detail });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }

  await clearFailures(db, loginId);
  return issueLogin(ctx, user, meta, AUDIT.loginSuccess);
}
