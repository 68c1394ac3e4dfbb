import { OPS_API, type OpsLoginResult, type OpsSignedIn, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  enrol,
  invitationPassword,
  makeOperator,
  OPERATOR_PASSWORD,
  ok,
  opsCall,
  type SignedInOperator,
  setOwnPassword,
  totpCode,
} from './helpers/operators.ts';
import { sentTo } from './helpers/outbox.ts';

let t: TestApp;
let admin: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'inv-admin', ['admin']);
});
afterAll(() => t.close());

const create = (loginId: string, email: string) =>
  opsCall<{ loginId: string; email: string; expiresAt: string }>(
    t,
    'POST',
    OPS_API.operatorCreate,
    { loginId, name: '新同事', email },
    admin.opsToken,
  );
/** The administrator's session ended while the clock moved on: a sign-in with password and code. */
async function signInAgain(who: SignedInOperator): Promise<string> {
  const first = ok(await login(who.loginId, OPERATOR_PASSWORD));
  return ok(
    await opsCall<OpsSignedIn>(t, 'POST', OPS_API.verifyTotp, {
      challenge: first.challenge,
      code: totpCode(t, who.secret),
    }),
  ).opsToken;
}
const login = (loginId: string, password: string) =>
  opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, { loginId, password });

describe('an operator is invited by e-mail: the creator never holds a password that signs in', () => {
  it('sends the one-time password to the colleague only, never in the answer or the audit', async () => {
    const answer = await create('inv-one', 'inv.one@lender.example');
    ok(answer);
    const password = await invitationPassword(t, 'inv.one@lender.example');
    expect(JSON.stringify(answer.response)).not.toContain(password);
    const [message] = await sentTo(t.app, 'inv.one@lender.example');
    expect(message?.body).toContain('登录账号：inv-one');
    expect(message?.body).toContain('/ops/');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.operator.created'));
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(JSON.stringify(audit)).not.toContain('inv.one@lender.example');
    expect(audit.map((row) => row.detail?.subject)).toContain('operator:inv-one');
    const [row] = await t.db.select().from(operators).where(eq(operators.loginId, 'inv-one'));
    expect(row?.emailEnc).not.toContain('inv.one');
    expect(row?.passwordChangeRequired).toBe(true);
  });

  it('asks for the operator’s own password before any authenticator step', async () => {
    const oneTime = await invitationPassword(t, 'inv.one@lender.example');
    const first = ok(await login('inv-one', oneTime));
    expect(first.next).toBe('CHANGE_PASSWORD');
    for (const path of [OPS_API.enrolStart, OPS_API.verifyTotp, OPS_API.enrolConfirm]) {
      const body =
        path === OPS_API.enrolStart
          ? { challenge: first.challenge }
          : { challenge: first.challenge, code: '123456' };
      const early = await opsCall(t, 'POST', path, body);
      expect(early.response.rspCode, path).toBe(RSP.OPS_PASSWORD_CHANGE_REQUIRED);
      expect(early.response.rspDesc).toBe('请先设置您自己的登录密码');
    }
    const change = (newPassword: string) =>
      opsCall<OpsLoginResult>(t, 'POST', OPS_API.changePassword, { challenge: first.challenge, newPassword });
    expect((await change('short1')).response.rspDesc).toBe('密码长度需为8-64位');
    expect((await change('inv-one')).response.rspCode).toBe(RSP.INVALID_INPUT);
    expect((await change(oneTime)).response.rspDesc).toBe('新密码不能与初始密码相同');
    expect(ok(await change('InvOneOwn2026')).next).toBe('ENROL');
    expect((await change('InvOneOther2026')).response.rspCode).toBe(RSP.INVALID_INPUT);
    expect((await login('inv-one', oneTime)).response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
    t.clock.advance(30_000);
    const signedIn = await enrol(t, 'inv-one', 'InvOneOwn2026');
    expect(signedIn.opsToken).toBeTruthy();
    const changed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.password.changed'), eq(auditLog.loginId, 'inv-one')));
    expect(changed).toHaveLength(1);
  });

  it('shows administrators whom the invitation went to and whether it is still pending', async () => {
    await create('inv-two', 'inv.two@lender.example');
    const list = ok(
      await opsCall<Array<{ loginId: string; email: string | null; invitationPending: boolean }>>(
        t,
        'GET',
        OPS_API.operators,
        undefined,
        admin.opsToken,
      ),
    );
    expect(list.find((o) => o.loginId === 'inv-one')).toMatchObject({
      email: 'inv.one@lender.example',
      invitationPending: false,
    });
    expect(list.find((o) => o.loginId === 'inv-two')).toMatchObject({
      email: 'inv.two@lender.example',
      invitationPending: true,
    });
    expect(list.find((o) => o.loginId === 'inv-admin')).toMatchObject({
      email: null,
      invitationPending: false,
    });
  });

  it('refuses a bad e-mail and changes nothing', async () => {
    const bad = await create('inv-three', 'not-an-address');
    expect(bad.response.rspDesc).toBe('请输入正确的工作邮箱');
    expect(await t.db.select().from(operators).where(eq(operators.loginId, 'inv-three'))).toHaveLength(0);
  });

  it('lets a one-time password lapse after 72 hours; a new invitation replaces it', async () => {
    const old = await invitationPassword(t, 'inv.two@lender.example');
    t.clock.advance(72 * 3600_000);
    const lapsed = await login('inv-two', old);
    expect(lapsed.response.rspCode).toBe(RSP.OPS_INVITATION_EXPIRED);
    expect(lapsed.response.rspDesc).toBe('初始密码已过期，请联系管理员重新发送邀请');
    admin.opsToken = await signInAgain(admin);
    ok(await opsCall(t, 'POST', OPS_API.operatorResendInvitation, { loginId: 'inv-two' }, admin.opsToken));
    const fresh = await invitationPassword(t, 'inv.two@lender.example');
    expect(fresh).not.toBe(old);
    expect((await login('inv-two', old)).response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
    await setOwnPassword(t, 'inv-two', fresh, 'InvTwoOwn2026');
    const again = await opsCall(
      t,
      'POST',
      OPS_API.operatorResendInvitation,
      { loginId: 'inv-two' },
      admin.opsToken,
    );
    expect(again.response.rspDesc).toBe('该运营人员已设置自己的密码，无需重新邀请');
  });
});
