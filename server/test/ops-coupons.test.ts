import { OPS_API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/** Coupons from the console: one borrower at once; a list only when a second operator confirms. */
let t: TestApp;
let one: ReadyBorrower;
let two: ReadyBorrower;
let reviewer: SignedInOperator;
let finance: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  one = await makeReadyBorrower(t, 'coupon_one');
  two = await makeReadyBorrower(t, 'coupon_two');
  reviewer = await makeOperator(t, 'rev-coupon', ['reviewer']);
  finance = await makeOperator(t, 'fin-coupon', ['finance']);
});
afterAll(() => t.close());

const AMOUNT_OFF = {
  kind: 'AMOUNT_OFF',
  title: '回访满减券',
  amount: '30.00',
  threshold: '100.00',
  days: 30,
};
const couponsOf = (userId: number) => t.db.select().from(coupons).where(eq(coupons.userId, userId));

describe('issuing coupons in the console', () => {
  it('issues to one borrower at once, with the issuing rules and the audit', async () => {
    const before = (await couponsOf(one.userId)).length;
    const done = ok(
      await opsCall<{ issued: number }>(
        t,
        'POST',
        OPS_API.couponIssue,
        { ...AMOUNT_OFF, loginIds: ['coupon_one'] },
        reviewer.opsToken,
      ),
    );
    expect(done.issued).toBe(1);
    const after = await couponsOf(one.userId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      title: '回访满减券',
      amountOffFen: 3000,
      thresholdFen: 10000,
      issuedBy: 'rev-coupon',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.coupon.issued'));
    expect(entry).toMatchObject({ loginId: 'rev-coupon', userId: one.userId });
  });

  it('refuses what the rules refuse, and an unknown borrower, issuing nothing', async () => {
    const before = (await couponsOf(one.userId)).length;
    const tooMuch = await opsCall(
      t,
      'POST',
      OPS_API.couponIssue,
      { ...AMOUNT_OFF, amount: '200.00', loginIds: ['coupon_one'] },
      reviewer.opsToken,
    );
    expect(tooMuch.response).toMatchObject({ rspCode: RSP.INVALID_INPUT });
    expect(tooMuch.response.rspDesc).toContain('满减券的减免金额不能超过使用门槛');
    const badMoney = await opsCall(
      t,
      'POST',
      OPS_API.couponIssue,
      { ...AMOUNT_OFF, amount: '1e3', loginIds: ['coupon_one'] },
      reviewer.opsToken,
    );
    expect(badMoney.response.rspDesc).toContain('减免金额');
    const nobody = await opsCall(
      t,
      'POST',
      OPS_API.couponIssue,
      { ...AMOUNT_OFF, loginIds: ['nobody_here'] },
      reviewer.opsToken,
    );
    expect(nobody.response.rspDesc).toBe('没有这些借款人：nobody_here');
    expect(await couponsOf(one.userId)).toHaveLength(before);
  });

  it('issues to a list only when a second operator with coupon.manage confirms', async () => {
    const counts = async () => [(await couponsOf(one.userId)).length, (await couponsOf(two.userId)).length];
    const before = await counts();
    const asked = ok(
      await opsCall<{ issued: number; requestId: number }>(
        t,
        'POST',
        OPS_API.couponIssue,
        { kind: 'FREE_FEE', title: '免服务费券', days: 15, loginIds: ['coupon_one', 'coupon_two'] },
        reviewer.opsToken,
      ),
    );
    expect(asked.issued).toBe(0);
    expect(await counts()).toEqual(before);
    const inbox = ok(
      await opsCall<Array<{ requestId: number; kindLabel: string }>>(
        t,
        'GET',
        OPS_API.inbox,
        undefined,
        finance.opsToken,
      ),
    );
    expect(inbox.find((r) => r.requestId === asked.requestId)?.kindLabel).toBe('批量发放优惠券');
    ok(await opsCall(t, 'POST', OPS_API.confirmRequest, { requestId: asked.requestId }, finance.opsToken));
    expect(await counts()).toEqual([(before[0] ?? 0) + 1, (before[1] ?? 0) + 1]);
    const issued = (await couponsOf(two.userId)).at(-1);
    expect(issued).toMatchObject({ kind: 'FREE_FEE', title: '免服务费券', issuedBy: 'rev-coupon' });
  });
});
