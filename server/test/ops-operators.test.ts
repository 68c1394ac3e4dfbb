import { OPS_API, type OpsLoginResult, type OpsOperator, type OpsSignedIn, RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  enrol,
  invitationPassword,
  makeOperator,
  ok,
  opsCall,
  type SignedInOperator,
  setOwnPassword,
  totpCode,
} from './helpers/operators.ts';

let t: TestApp;
let admin1: SignedInOperator;
let admin2: SignedInOperator;
let newbie: { opsToken: string; secret: string; password: string };

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await makeOperator(t, 'admin-a', ['admin']);
  admin2 = await makeOperator(t, 'admin-b', ['admin']);
});
afterAll(() => t.close());

const firstSignIn = (loginId: string, password: string) => enrol(t, loginId, password);

const me = (token: string) => opsCall<OpsOperator>(t, 'GET', OPS_API.me, undefined, token);

describe('administrators manage operators in the console', () => {
  it('creates an operator with no role, who can sign in but do nothing yet', async () => {
    const created = ok(
      await opsCall<{ loginId: string; email: string }>(
        t,
        'POST',
        OPS_API.operatorCreate,
        { loginId: 'New-Op', name: '新同事', email: 'New.Op@Lender.example' },
        admin1.opsToken,
      ),
    );
    expect(created).toMatchObject({ loginId: 'new-op', email: 'new.op@lender.example' });
    const invited = await invitationPassword(t, 'new.op@lender.example');
    const password = await setOwnPassword(t, 'new-op', invited, 'NewOpOwn2026');
    newbie = { ...(await firstSignIn('new-op', password)), password };
    expect(ok(await me(newbie.opsToken)).permissions).toEqual([]);
    expect((await opsCall(t, 'GET', OPS_API.refundQueue, undefined, newbie.opsToken)).status).toBe(403);
    const taken = await opsCall(
      t,
      'POST',
      OPS_API.operatorCreate,
      { loginId: 'new-op', name: '重名', email: 'other@lender.example' },
      admin1.opsToken,
    );
    expect(taken.response.rspDesc).toContain('已被使用');
  });

  it('changes roles only when a second administrator confirms', async () => {
    const asked = ok(
      await opsCall<{ requestId: number }>(
        t,
        'POST',
        OPS_API.operatorSetRoles,
        { loginId: 'new-op', roles: ['reviewer'] },
        admin1.opsToken,
      ),
    );
    expect(ok(await me(newbie.opsToken)).permissions).toEqual([]);
    const self = await opsCall(
      t,
      'POST',
      OPS_API.confirmRequest,
      { requestId: asked.requestId },
      admin1.opsToken,
    );
    expect(self.response.rspCode).toBe(RSP.OPS_SELF_CHECK);
    const inbox = ok(
      await opsCall<Array<{ requestId: number; kindLabel: string }>>(
        t,
        'GET',
        OPS_API.inbox,
        undefined,
        admin2.opsToken,
      ),
    );
    expect(inbox.find((r) => r.requestId === asked.requestId)?.kindLabel).toBe('变更运营人员角色');
    ok(await opsCall(t, 'POST', OPS_API.confirmRequest, { requestId: asked.requestId }, admin2.opsToken));
    const now = ok(await me(newbie.opsToken));
    expect(now.roles.map((r) => r.code)).toEqual(['reviewer']);
    expect(now.permissions).toContain('refund.review');
    expect((await opsCall(t, 'GET', OPS_API.refundQueue, undefined, newbie.opsToken)).status).toBe(200);
    const same = await opsCall(
      t,
      'POST',
      OPS_API.operatorSetRoles,
      { loginId: 'new-op', roles: ['reviewer'] },
      admin1.opsToken,
    );
    expect(same.response.rspDesc).toBe('角色没有变化');
    const unknown = await opsCall(
      t,
      'POST',
      OPS_API.operatorSetRoles,
      { loginId: 'new-op', roles: ['root'] },
      admin1.opsToken,
    );
    expect(unknown.response.rspDesc).toBe('没有角色 root');
    const onSelf = await opsCall(
      t,
      'POST',
      OPS_API.operatorSetRoles,
      { loginId: 'admin-a', roles: [] },
      admin1.opsToken,
    );
    expect(onSelf.response.rspDesc).toContain('不能对自己的账号执行此操作');
  });

  it('stops an operator at once, and lets them back', async () => {
    ok(
      await opsCall(
        t,
        'POST',
        OPS_API.operatorSetDisabled,
        { loginId: 'new-op', disabled: true },
        admin1.opsToken,
      ),
    );
    expect((await me(newbie.opsToken)).status).toBe(401);
    const refused = await opsCall(t, 'POST', OPS_API.login, { loginId: 'new-op', password: newbie.password });
    expect(refused.response.rspCode).toBe(RSP.ACCOUNT_DISABLED);
    ok(
      await opsCall(
        t,
        'POST',
        OPS_API.operatorSetDisabled,
        { loginId: 'new-op', disabled: false },
        admin1.opsToken,
      ),
    );
    const again = ok(
      await opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, {
        loginId: 'new-op',
        password: newbie.password,
      }),
    );
    expect(again.next).toBe('TOTP');
    t.clock.advance(30_000);
    newbie.opsToken = ok(
      await opsCall<OpsSignedIn>(t, 'POST', OPS_API.verifyTotp, {
        challenge: again.challenge,
        code: totpCode(t, newbie.secret),
      }),
    ).opsToken;
  });

  it('lists the open sessions and ends one by its reference', async () => {
    const sessions = ok(
      await opsCall<Array<{ ref: string; loginId: string; current: boolean }>>(
        t,
        'GET',
        OPS_API.sessions,
        undefined,
        admin1.opsToken,
      ),
    );
    expect(sessions.find((s) => s.current)?.loginId).toBe('admin-a');
    expect(JSON.stringify(sessions)).not.toContain(newbie.opsToken);
    const target = sessions.find((s) => s.loginId === 'new-op');
    expect(target).toBeDefined();
    ok(await opsCall(t, 'POST', OPS_API.sessionEnd, { ref: target?.ref }, admin1.opsToken));
    expect((await me(newbie.opsToken)).status).toBe(401);
    const gone = await opsCall(t, 'POST', OPS_API.sessionEnd, { ref: target?.ref }, admin1.opsToken);
    expect(gone.response.rspDesc).toContain('该会话已结束或不存在');
  });

  it('resets a lost authenticator: the operator binds a new one at the next sign-in', async () => {
    ok(await opsCall(t, 'POST', OPS_API.operatorResetTotp, { loginId: 'new-op' }, admin2.opsToken));
    t.clock.advance(30_000);
    const fresh = await firstSignIn('new-op', newbie.password);
    expect(fresh.secret).not.toBe(newbie.secret);
  });
});
