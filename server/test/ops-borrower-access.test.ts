import { OPS_API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { call, createTestApp, signInAttempt, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/** Stopping a borrower is immediate; letting them back is a request a second operator confirms. */
let t: TestApp;
let b: ReadyBorrower;
let reviewer: SignedInOperator;
let reviewer2: SignedInOperator;
let support: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'access_b');
  reviewer = await makeOperator(t, 'rev-access-1', ['reviewer']);
  reviewer2 = await makeOperator(t, 'rev-access-2', ['reviewer']);
  support = await makeOperator(t, 'sup-access', ['support']);
});
afterAll(() => t.close());

const disabled = async () => (await t.db.select().from(users).where(eq(users.id, b.userId)))[0]?.disabled;

describe('stopping and letting back a borrower', () => {
  it('stops a borrower at once with a reason: sessions end, sign-in refused', async () => {
    const noReason = await opsCall(
      t,
      'POST',
      OPS_API.borrowerDisable,
      { loginId: 'access_b', reason: ' ' },
      reviewer.opsToken,
    );
    expect(noReason.response.rspCode).toBe(RSP.INVALID_INPUT);
    const noRight = await opsCall(
      t,
      'POST',
      OPS_API.borrowerDisable,
      { loginId: 'access_b', reason: '疑似盗用' },
      support.opsToken,
    );
    expect(noRight.status).toBe(403);
    ok(
      await opsCall(
        t,
        'POST',
        OPS_API.borrowerDisable,
        { loginId: 'access_b', reason: '疑似账号被盗用' },
        reviewer.opsToken,
      ),
    );
    expect(await disabled()).toBe(true);
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token })).status).toBe(401);
    expect((await signInAttempt(t.app, 'access_b', 'Ready1234')).response.rspCode).toBe(RSP.ACCOUNT_DISABLED);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.borrower.disabled'));
    expect(entry).toMatchObject({
      userId: b.userId,
      loginId: 'rev-access-1',
      detail: { reason: '疑似账号被盗用' },
    });
  });

  it('lets them back only when a second operator confirms', async () => {
    const asked = ok(
      await opsCall<{ requestId: number }>(
        t,
        'POST',
        OPS_API.borrowerEnable,
        { loginId: 'access_b', reason: '已核实为本人操作' },
        reviewer.opsToken,
      ),
    );
    expect(await disabled()).toBe(true);
    const self = await opsCall(
      t,
      'POST',
      OPS_API.confirmRequest,
      { requestId: asked.requestId },
      reviewer.opsToken,
    );
    expect(self.response.rspCode).toBe(RSP.OPS_SELF_CHECK);
    ok(await opsCall(t, 'POST', OPS_API.confirmRequest, { requestId: asked.requestId }, reviewer2.opsToken));
    expect(await disabled()).toBe(false);
    expect((await signInAttempt(t.app, 'access_b', 'Ready1234')).response.rspCode).toBe(RSP.OK);
    const again = await opsCall(
      t,
      'POST',
      OPS_API.borrowerEnable,
      { loginId: 'access_b', reason: '再次启用' },
      reviewer.opsToken,
    );
    expect(again.response.rspDesc).toBe('该借款人未停用，无需启用');
  });
});
