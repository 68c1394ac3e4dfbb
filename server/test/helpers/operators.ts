import { OPS_API, type OpsEnrolment, type OpsLoginResult, type OpsSignedIn } from '@loan/domain';
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { createOperator } from '../../src/modules/ops/operators.ts';
import { type ApiAnswer, call, type TestApp } from './app.ts';
import { sentTo } from './outbox.ts';

export const OPERATOR_PASSWORD = 'Console2026pass';

/** A console call with the operator's token in the `opsToken` header. */
export function opsCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  opsToken?: string,
  ip?: string,
): Promise<ApiAnswer<T>> {
  return call<T>(t.app, method, path, payload, {
    headers: opsToken ? { opsToken } : {},
    ...(ip ? { ip } : {}),
  });
}

/** The authenticator's code for the app's clock, `stepsLater` 30-second steps on. */
export function totpCode(t: TestApp, secret: string, stepsLater = 0): string {
  return generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsLater * 30 });
}

export function ok<T>(answer: ApiAnswer<T>): T {
  expect(answer.response, JSON.stringify(answer.response)).toMatchObject({ rspCode: '0000' });
  return answer.result;
}

export interface SignedInOperator {
  loginId: string;
  opsToken: string;
  secret: string;
  recoveryCodes: string[];
}

/** The one-time password of the newest invitation e-mailed to this address (read in the sandbox outbox). */
export async function invitationPassword(t: TestApp, email: string): Promise<string> {
  const [message] = await sentTo(t.app, email);
  const password = message?.body.match(/初始密码：([A-Za-z0-9]+)/)?.[1];
  if (!password) throw new Error(`no invitation sent to ${email}`);
  return password;
}

/** The first sign-in's first steps: the one-time password, then the operator's own; returns the new password. */
export async function setOwnPassword(
  t: TestApp,
  loginId: string,
  oneTime: string,
  own: string,
): Promise<string> {
  const first = ok(await opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, { loginId, password: oneTime }));
  expect(first.next).toBe('CHANGE_PASSWORD');
  const next = ok(
    await opsCall<OpsLoginResult>(t, 'POST', OPS_API.changePassword, {
      challenge: first.challenge,
      newPassword: own,
    }),
  );
  expect(next.next).toBe('ENROL');
  return own;
}

/** A first sign-in (or one after a reset) through the API: password, a new authenticator bound, its code. */
export async function enrol(
  t: TestApp,
  loginId: string,
  password: string,
): Promise<{ opsToken: string; secret: string; recoveryCodes: string[] }> {
  const first = ok(await opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, { loginId, password }));
  expect(first.next).toBe('ENROL');
  const enrolment = ok(
    await opsCall<OpsEnrolment>(t, 'POST', OPS_API.enrolStart, { challenge: first.challenge }),
  );
  const signedIn = ok(
    await opsCall<OpsSignedIn>(t, 'POST', OPS_API.enrolConfirm, {
      challenge: first.challenge,
      code: totpCode(t, enrolment.secret),
    }),
  );
  return {
    opsToken: signedIn.opsToken,
    secret: enrolment.secret,
    recoveryCodes: signedIn.recoveryCodes ?? [],
  };
}

/** An operator with these roles, signed in to the console through the API: password, enrolment, code. */
export async function makeOperator(t: TestApp, loginId: string, roles: string[]): Promise<SignedInOperator> {
  await createOperator(
    t.db,
    { loginId, name: `运营${loginId}`, password: OPERATOR_PASSWORD, roles },
    t.clock.now(),
  );
  return { loginId, ...(await enrol(t, loginId, OPERATOR_PASSWORD)) };
}

/** A six-digit code the authenticator does not show now, nor a step before or after (never right by chance). */
export function wrongTotpCode(t: TestApp, secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => totpCode(t, secret, step)));
  for (const candidate of ['000000', '111111', '222222', '333333'])
    if (!near.has(candidate)) return candidate;
  throw new Error('unreachable: four candidates, three codes');
}
