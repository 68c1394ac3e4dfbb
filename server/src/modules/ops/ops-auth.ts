import {
  checkPassword,
  type OpsEnrolment,
  type OpsLoginRequest,
  type OpsLoginResult,
  type OpsOperator,
  type OpsSignedIn,
  RSP,
} from '@loan/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type OperatorRow, operators } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/passwords.ts';
import { open, seal } from '../../lib/sealed-columns.ts';
import { AUDIT, recordAudit, recordOperatorAudit } from '../audit/record.ts';
import { normalizeLoginId, releaseAttempt, reserveAttempt, settleFailure } from '../auth/lockout.ts';
import { newRecoveryCodes, operatorByLogin, recoveryHash } from './operators.ts';
import {
  countWrongCode,
  findOpsSession,
  type OpsSession,
  promoteChallenge,
  startChallenge,
} from './ops-sessions.ts';
import { grantsOf } from './roles.ts';
import { acceptedStep, newTotpSecret, otpauthUrl, qrDataUrl } from './totp.ts';

/** The wrong-password counter of an operator's login id from one address (borrowers' keys never start so). */
const lockKey = (loginId: string, ip: string) => `ops:${loginId}:${ip}`;

/**
 * Step one: login id and password, with the borrowers' lockout (5 wrong from one address in 15 minutes lock it
 * for 15). A right password gives a challenge for the second factor, never a session.
 */
export async function opsPasswordLogin(
  ctx: AppContext,
  body: OpsLoginRequest,
  meta: RequestMeta,
): Promise<OpsLoginResult> {
  const { db } = ctx;
  const loginId = normalizeLoginId(body.loginId);
  const key = lockKey(loginId, meta.ip);
  const reservation = await reserveAttempt(db, key, ctx.now());
  if (!reservation.admitted) {
    await recordAudit(db, {
      action: AUDIT.opsLocked,
      at: ctx.now(),
      loginId,
      meta,
      detail: { console: true },
    });
    throw new ApiError(RSP.ACCOUNT_LOCKED);
  }
  const operator = await operatorByLogin(db, loginId);
  const valid = operator
    ? await verifyPassword(operator.passwordHash, body.password)
    : await verifyDummy(body.password);
  const now = ctx.now();
  if (!operator || !valid) {
    const locked = (await settleFailure(db, key, reservation, now)) !== null;
    await recordAudit(db, {
      action: AUDIT.opsLoginFailure,
      at: now,
      loginId,
      operatorId: operator?.id ?? null,
      meta,
      detail: { knownAccount: Boolean(operator) },
    });
    throw new ApiError(locked ? RSP.ACCOUNT_LOCKED : RSP.WRONG_CREDENTIALS);
  }
  await releaseAttempt(db, key, reservation, now);
  if (operator.disabled) throw new ApiError(RSP.ACCOUNT_DISABLED);
  if (operator.passwordExpiresAt !== null && now >= operator.passwordExpiresAt) {
    await recordAudit(db, {
      action: AUDIT.opsLoginFailure,
      at: now,
      loginId,
      operatorId: operator.id,
      meta,
      detail: { knownAccount: true, invitationExpired: true },
    });
    throw new ApiError(RSP.OPS_INVITATION_EXPIRED);
  }
  const challenge = await startChallenge(db, operator.id, meta, now);
  await recordOperatorAudit(db, operator, meta, AUDIT.opsLoginPassword, now);
  return { next: nextStep(operator), challenge };
}

/** What the sign-in asks next of an operator whose password was right. */
function nextStep(operator: OperatorRow): OpsLoginResult['next'] {
  if (operator.passwordChangeRequired) return 'CHANGE_PASSWORD';
  return operator.totpSecretEnc === null ? 'ENROL' : 'TOTP';
}

/**
 * A password someone else chose (the invitation's, create-admin's) replaced by the operator's own, before any
 * second factor is bound or asked: whoever saw the first password cannot finish the sign-in with it. The same
 * challenge goes on to the authenticator.
 */
export async function opsChangePassword(
  ctx: AppContext,
  body: { challenge: string; newPassword: string },
  meta: RequestMeta,
): Promise<OpsLoginResult> {
  const now = ctx.now();
  const session = await findOpsSession(ctx.db, body.challenge, 'PASSWORD', now);
  if (!session || session.operator.disabled) throw new ApiError(RSP.OPS_CHALLENGE_EXPIRED);
  const { operator } = session;
  if (!operator.passwordChangeRequired) {
    throw new ApiError(RSP.INVALID_INPUT, '该账号已设置过自己的密码，请继续验证动态验证码');
  }
  const problem = checkPassword(body.newPassword, operator.loginId);
  if (problem) throw new ApiError(RSP.INVALID_INPUT, problem);
  if (await verifyPassword(operator.passwordHash, body.newPassword)) {
    throw new ApiError(RSP.INVALID_INPUT, '新密码不能与初始密码相同');
  }
  const changed = await ctx.db
    .update(operators)
    .set({
      passwordHash: await hashPassword(body.newPassword),
      passwordChangeRequired: false,
      passwordExpiresAt: null,
    })
    .where(and(eq(operators.id, operator.id), eq(operators.passwordChangeRequired, true)))
    .returning({ id: operators.id });
  if (changed.length === 0) throw new ApiError(RSP.OPS_CHALLENGE_EXPIRED);
  await recordOperatorAudit(ctx.db, operator, meta, AUDIT.opsPasswordChanged, now, {
    how: 'first-sign-in',
    changes: { password: { before: 'initial', after: 'own' } },
  });
  return { next: operator.totpSecretEnc === null ? 'ENROL' : 'TOTP', challenge: body.challenge };
}

async function liveChallenge(ctx: AppContext, challenge: string): Promise<OpsSession> {
  const found = await findOpsSession(ctx.db, challenge, 'PASSWORD', ctx.now());
  if (!found || found.operator.disabled) throw new ApiError(RSP.OPS_CHALLENGE_EXPIRED);
  if (found.operator.passwordChangeRequired) throw new ApiError(RSP.OPS_PASSWORD_CHANGE_REQUIRED);
  return found;
}

/** A wrong code: counted on the challenge (the fifth ends it) and audited. */
async function wrongCode(
  ctx: AppContext,
  session: OpsSession,
  meta: RequestMeta,
  how: string,
): Promise<never> {
  const now = ctx.now();
  const stands = await countWrongCode(ctx.db, session.tokenHash, now);
  await recordOperatorAudit(ctx.db, session.operator, meta, AUDIT.opsSecondFactorFailure, now, { how });
  throw new ApiError(stands ? RSP.OPS_BAD_SECOND_FACTOR : RSP.OPS_CHALLENGE_EXPIRED);
}

/** Records the step a code was accepted at, once: a second use of the same code (or an older one) fails. */
async function takeStep(ctx: AppContext, operatorId: number, step: number): Promise<boolean> {
  const taken = await ctx.db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  return taken.length === 1;
}

export async function operatorView(ctx: Pick<AppContext, 'db'>, operator: OperatorRow): Promise<OpsOperator> {
  const { roles, permissions } = await grantsOf(ctx.db, operator.id);
  return { loginId: operator.loginId, name: operator.name, roles, permissions };
}

async function signIn(
  ctx: AppContext,
  session: OpsSession,
  meta: RequestMeta,
  recoveryCodes: string[] | null,
  how: string,
): Promise<OpsSignedIn> {
  const now = ctx.now();
  const opsToken = await promoteChallenge(ctx.db, session, meta, now);
  if (opsToken === null) throw new ApiError(RSP.OPS_CHALLENGE_EXPIRED);
  await recordOperatorAudit(ctx.db, session.operator, meta, AUDIT.opsLoginSuccess, now, {
    how,
    ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
  });
  return { opsToken, operator: await operatorView(ctx, session.operator), recoveryCodes };
}

/** Step two: the authenticator's code. */
export async function opsVerifyTotp(
  ctx: AppContext,
  body: { challenge: string; code: string },
  meta: RequestMeta,
): Promise<OpsSignedIn> {
  const session = await liveChallenge(ctx, body.challenge);
  const sealed = session.operator.totpSecretEnc;
  if (sealed === null) throw new ApiError(RSP.OPS_ENROLMENT_NOT_STARTED);
  const secret = open(ctx.config, 'operatorTotp', session.operator.id, sealed);
  const step = acceptedStep(secret, body.code.trim(), ctx.now(), session.operator.totpLastStep);
  if (step === null || !(await takeStep(ctx, session.operator.id, step))) {
    return wrongCode(ctx, session, meta, 'totp');
  }
  return signIn(ctx, session, meta, null, 'totp');
}

/** Step two without the phone: one of the recovery codes, each good once. */
export async function opsRecoveryLogin(
  ctx: AppContext,
  body: { challenge: string; recoveryCode: string },
  meta: RequestMeta,
): Promise<OpsSignedIn> {
  const session = await liveChallenge(ctx, body.challenge);
  if (session.operator.totpSecretEnc === null) throw new ApiError(RSP.OPS_ENROLMENT_NOT_STARTED);
  const hash = recoveryHash(body.recoveryCode);
  const used = await ctx.db
    .update(operators)
    .set({ recoveryCodeHashes: sql`${operators.recoveryCodeHashes} - ${hash}::text` })
    .where(and(eq(operators.id, session.operator.id), sql`${operators.recoveryCodeHashes} ? ${hash}::text`))
    .returning({ left: sql<number>`jsonb_array_length(${operators.recoveryCodeHashes})` });
  if (used.length === 0) return wrongCode(ctx, session, meta, 'recovery');
  await recordOperatorAudit(ctx.db, session.operator, meta, AUDIT.opsRecoveryCodeUsed, ctx.now(), {
    left: used[0]?.left,
  });
  return signIn(ctx, session, meta, null, 'recovery');
}

/** Enrolment, first part: a new secret for the authenticator, kept sealed until a code confirms it. */
export async function opsEnrolStart(ctx: AppContext, body: { challenge: string }): Promise<OpsEnrolment> {
  const session = await liveChallenge(ctx, body.challenge);
  if (session.operator.totpSecretEnc !== null) throw new ApiError(RSP.OPS_ALREADY_ENROLLED);
  const secret = newTotpSecret();
  await ctx.db
    .update(operators)
    .set({ totpPendingEnc: seal(ctx.config, 'operatorTotpPending', session.operator.id, secret) })
    .where(and(eq(operators.id, session.operator.id), isNull(operators.totpSecretEnc)));
  const url = otpauthUrl(session.operator.loginId, secret);
  return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
}

/** Enrolment, second part: a code from the new secret binds it, and the recovery codes are shown once. */
export async function opsEnrolConfirm(
  ctx: AppContext,
  body: { challenge: string; code: string },
  meta: RequestMeta,
): Promise<OpsSignedIn> {
  const session = await liveChallenge(ctx, body.challenge);
  const { operator } = session;
  if (operator.totpSecretEnc !== null) throw new ApiError(RSP.OPS_ALREADY_ENROLLED);
  if (operator.totpPendingEnc === null) throw new ApiError(RSP.OPS_ENROLMENT_NOT_STARTED);
  const secret = open(ctx.config, 'operatorTotpPending', operator.id, operator.totpPendingEnc);
  const step = acceptedStep(secret, body.code.trim(), ctx.now(), null);
  if (step === null) return wrongCode(ctx, session, meta, 'enrol');
  const recovery = newRecoveryCodes();
  const bound = await ctx.db
    .update(operators)
    .set({
      totpSecretEnc: seal(ctx.config, 'operatorTotp', operator.id, secret),
      totpPendingEnc: null,
      totpLastStep: step,
      recoveryCodeHashes: recovery.hashes,
    })
    .where(and(eq(operators.id, operator.id), isNull(operators.totpSecretEnc)))
    .returning({ id: operators.id });
  if (bound.length === 0) throw new ApiError(RSP.OPS_ALREADY_ENROLLED);
  await recordOperatorAudit(ctx.db, operator, meta, AUDIT.opsTotpEnrolled, ctx.now());
  return signIn(ctx, session, meta, recovery.codes, 'enrol');
}
