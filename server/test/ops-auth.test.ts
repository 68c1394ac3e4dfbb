import { OPS_API, type OpsLoginResult, type OpsOperator, type OpsSignedIn, RSP } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../src/db/schema.ts';
import { createOperator } from '../src/modules/ops/operators.ts';
import { createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import {
  makeOperator,
  OPERATOR_PASSWORD,
  ok,
  opsCall,
  type SignedInOperator,
  totpCode,
  wrongTotpCode,
} from './helpers/operators.ts';

let t: TestApp;
let admin: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'admin1', ['admin']);
});
afterAll(() => t.close());

const passwordStep = async (loginId: string, password = OPERATOR_PASSWORD, ip?: string) =>
  opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, { loginId, password }, undefined, ip);

async function challengeOf(loginId: string): Promise<string> {
  const first = ok(await passwordStep(loginId));
  expect(first.next).toBe('TOTP');
  return first.challenge;
}

describe('an operator signs in with a password and an authenticator', () => {
  it('enrols at the first sign-in: a QR code, ten recovery codes, the secret kept sealed', async () => {
    expect(admin.opsToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(admin.recoveryCodes).toHaveLength(10);
    expect(new Set(admin.recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(operators).where(eq(operators.loginId, 'admin1'));
    expect(row?.totpSecretEnc).not.toBeNull();
    expect(row?.totpSecretEnc).not.toContain(admin.secret);
    expect(row?.totpPendingEnc).toBeNull();
    expect(JSON.stringify(row?.recoveryCodeHashes)).not.toContain(admin.recoveryCodes[0]);
    const me = ok(await opsCall<OpsOperator>(t, 'GET', OPS_API.me, undefined, admin.opsToken));
    expect(me).toMatchObject({ loginId: 'admin1', roles: [{ code: 'admin', name: '管理员' }] });
    expect(me.permissions).toContain('operator.manage');
  });

  it('shows the enrolment as a QR code of an otpauth address', async () => {
    await createOperator(
      t.db,
      { loginId: 'qr1', name: '扫码', password: OPERATOR_PASSWORD, roles: ['support'] },
      t.clock.now(),
    );
    const first = ok(await passwordStep('qr1'));
    expect(first.next).toBe('ENROL');
    const enrolment = ok(
      await opsCall<{ secret: string; otpauthUrl: string; qrDataUrl: string }>(
        t,
        'POST',
        OPS_API.enrolStart,
        { challenge: first.challenge },
      ),
    );
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.otpauthUrl).toContain(enrolment.secret);
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // a wrong code does not bind it
    const wrong = await opsCall(t, 'POST', OPS_API.enrolConfirm, {
      challenge: first.challenge,
      code: wrongTotpCode(t, enrolment.secret),
    });
    expect(wrong.response.rspCode).toBe(RSP.OPS_BAD_SECOND_FACTOR);
    const [row] = await t.db.select().from(operators).where(eq(operators.loginId, 'qr1'));
    expect(row?.totpSecretEnc).toBeNull();
    // the code step cannot be skipped: verifying before binding is refused
    const early = await opsCall(t, 'POST', OPS_API.verifyTotp, {
      challenge: first.challenge,
      code: totpCode(t, enrolment.secret),
    });
    expect(early.response.rspCode).toBe(RSP.OPS_ENROLMENT_NOT_STARTED);
  });

  it('takes each code once: the enrolment code again is refused, the next step’s code is taken', async () => {
    const challenge = await challengeOf('admin1');
    const replay = await opsCall(t, 'POST', OPS_API.verifyTotp, {
      challenge,
      code: totpCode(t, admin.secret),
    });
    expect(replay.response.rspCode).toBe(RSP.OPS_BAD_SECOND_FACTOR);
    t.clock.advance(30_000);
    const signedIn = ok(
      await opsCall<OpsSignedIn>(t, 'POST', OPS_API.verifyTotp, {
        challenge,
        code: totpCode(t, admin.secret),
      }),
    );
    expect(signedIn.recoveryCodes).toBeNull();
    expect(signedIn.opsToken).not.toBe(challenge);
    // the challenge is spent: neither a session nor a second sign-in
    expect((await opsCall(t, 'GET', OPS_API.me, undefined, challenge)).status).toBe(401);
    t.clock.advance(30_000);
    const again = await opsCall(t, 'POST', OPS_API.verifyTotp, {
      challenge,
      code: totpCode(t, admin.secret),
    });
    expect(again.response.rspCode).toBe(RSP.OPS_CHALLENGE_EXPIRED);
  });

  it('ends a challenge at the fifth wrong code, and after five minutes', async () => {
    const challenge = await challengeOf('admin1');
    const wrongCode = wrongTotpCode(t, admin.secret);
    for (let i = 0; i < 4; i++) {
      const res = await opsCall(t, 'POST', OPS_API.verifyTotp, { challenge, code: wrongCode });
      expect(res.response.rspCode).toBe(RSP.OPS_BAD_SECOND_FACTOR);
    }
    const fifth = await opsCall(t, 'POST', OPS_API.verifyTotp, { challenge, code: wrongCode });
    expect(fifth.response.rspCode).toBe(RSP.OPS_CHALLENGE_EXPIRED);
    t.clock.advance(60_000);
    const late = await opsCall(t, 'POST', OPS_API.verifyTotp, { challenge, code: totpCode(t, admin.secret) });
    expect(late.response.rspCode).toBe(RSP.OPS_CHALLENGE_EXPIRED);

    const slow = await challengeOf('admin1');
    t.clock.advance(5 * MINUTE);
    const expired = await opsCall(t, 'POST', OPS_API.verifyTotp, {
      challenge: slow,
      code: totpCode(t, admin.secret),
    });
    expect(expired.response.rspCode).toBe(RSP.OPS_CHALLENGE_EXPIRED);
  });

  it('signs in once with each recovery code', async () => {
    const code = admin.recoveryCodes[0] as string;
    const first = await challengeOf('admin1');
    ok(
      await opsCall(t, 'POST', OPS_API.recoveryLogin, { challenge: first, recoveryCode: code.toUpperCase() }),
    );
    const second = await challengeOf('admin1');
    const reused = await opsCall(t, 'POST', OPS_API.recoveryLogin, { challenge: second, recoveryCode: code });
    expect(reused.response.rspCode).toBe(RSP.OPS_BAD_SECOND_FACTOR);
    const [row] = await t.db.select().from(operators).where(eq(operators.loginId, 'admin1'));
    expect(row?.recoveryCodeHashes).toHaveLength(9);
  });

  it('locks an address out after five wrong passwords, with the same answer for an unknown login id', async () => {
    const ip = '10.9.8.7';
    for (let i = 0; i < 4; i++) {
      expect((await passwordStep('admin1', 'wrong-password', ip)).response.rspCode).toBe(
        RSP.WRONG_CREDENTIALS,
      );
    }
    expect((await passwordStep('admin1', 'wrong-password', ip)).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    expect((await passwordStep('admin1', OPERATOR_PASSWORD, ip)).response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
    // another address is not locked out
    expect((await passwordStep('admin1')).response.rspCode).toBe(RSP.OK);
    expect((await passwordStep('nobody-here', 'whatever', ip)).response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
  });

  it('ends a console session after 15 minutes without a call, and at logout', async () => {
    t.clock.advance(60_000);
    const op = await makeOperator(t, 'idle1', ['support']);
    t.clock.advance(14 * MINUTE);
    ok(await opsCall(t, 'GET', OPS_API.me, undefined, op.opsToken));
    t.clock.advance(14 * MINUTE);
    ok(await opsCall(t, 'GET', OPS_API.me, undefined, op.opsToken));
    t.clock.advance(15 * MINUTE);
    const idle = await opsCall(t, 'GET', OPS_API.me, undefined, op.opsToken);
    expect(idle.status).toBe(401);
    expect(idle.response.rspCode).toBe(RSP.SESSION_EXPIRED);

    t.clock.advance(60_000);
    const challenge = await challengeOf('idle1');
    const session = ok(
      await opsCall<OpsSignedIn>(t, 'POST', OPS_API.verifyTotp, { challenge, code: totpCode(t, op.secret) }),
    );
    ok(await opsCall(t, 'POST', OPS_API.logout, {}, session.opsToken));
    expect((await opsCall(t, 'GET', OPS_API.me, undefined, session.opsToken)).status).toBe(401);
  });

  it('refuses a disabled operator at the password step and on every call', async () => {
    t.clock.advance(60_000);
    const op = await makeOperator(t, 'leaver1', ['support']);
    await t.db.update(operators).set({ disabled: true }).where(eq(operators.loginId, 'leaver1'));
    expect((await opsCall(t, 'GET', OPS_API.me, undefined, op.opsToken)).status).toBe(401);
    expect((await passwordStep('leaver1')).response.rspCode).toBe(RSP.ACCOUNT_DISABLED);
  });

  it('audits every step under the operator', async () => {
    const rows = await t.db
      .select({ action: auditLog.action, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.loginId, 'admin1'))
      .groupBy(auditLog.action);
    const count = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    expect(count['ops.totp.enrolled']).toBe(1);
    expect(count['ops.login.success']).toBeGreaterThanOrEqual(3);
    expect(count['ops.login.second_factor_failure']).toBeGreaterThanOrEqual(6);
    expect(count['ops.login.recovery_code_used']).toBe(1);
    expect(count['ops.login.failure']).toBe(5);
    const operatorRows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.login.success'));
    expect(operatorRows.every((r) => r.operatorId !== null && r.userId === null)).toBe(true);
  });
});
