import {
  type CouponListResult,
  type CouponOptionsResult,
  couponDiscountFen,
  fenToYuan,
  OPS_API,
  RSP,
} from '@loan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, feeItems } from '../src/db/schema.ts';
import { call, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import { couponRow, deliverNotifies, feeItemsOf, type payCalls, paymentSetup } from './helpers/payments.ts';

/**
 * 作废 and what a campaign cost: an unused coupon revoked (audited) is no longer usable nor offered to its
 * borrower; a used one is refused with nothing changed; each template's figures (issued, used, revoked) and the
 * discount its coupons actually took off fee items, to the fen.
 */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let loanId: number;
let finance: SignedInOperator;
let reviewer: SignedInOperator;
let percentTpl: number;
let amountTpl: number;

interface Figures {
  templateId: number;
  issued: number;
  used: number;
  revoked: number;
  discount: string;
}

const template = async (body: Record<string, unknown>) =>
  ok(await opsCall<{ templateId: number }>(t, 'POST', OPS_API.couponTemplateCreate, body, finance.opsToken))
    .templateId;
const issueTo = async (templateId: number) =>
  ok(
    await opsCall(
      t,
      'POST',
      OPS_API.couponIssueTemplate,
      { templateId, loginIds: [b.loginId] },
      reviewer.opsToken,
    ),
  );
const couponsOf = (templateId: number) =>
  t.db.select().from(coupons).where(eq(coupons.templateId, templateId)).orderBy(coupons.id);
const revoke = (couponId: number, who = finance, reason = '活动提前结束') =>
  opsCall<{ couponId: number; status: string }>(
    t,
    'POST',
    OPS_API.couponRevoke,
    { couponId, reason },
    who.opsToken,
  );
const figures = async (templateId: number) =>
  ok(await opsCall<Figures[]>(t, 'GET', OPS_API.couponTemplates, undefined, finance.opsToken)).find(
    (f) => f.templateId === templateId,
  );

/** Pays one fee item with the coupon through the sandbox cashier, as the borrower would. */
async function payWith(feeId: number, couponId: number) {
  const created = okResult(await pay.create(b.token, { feeIds: [feeId], couponId, channel: 'ALIPAY' }));
  okResult(await pay.cashier(b.token, created.order.outTradeNo, 'PAY'));
  expect(await deliverNotifies(t)).toBe(1);
  expect((await couponRow(t, couponId)).state).toBe('USED');
}

beforeAll(async () => {
  ({ t, pay, b, loanId } = await paymentSetup('campaign_payer'));
  finance = await makeOperator(t, 'fin-camp', ['finance']);
  reviewer = await makeOperator(t, 'rev-camp', ['reviewer']);
  percentTpl = await template({ name: '三三折扣', kind: 'PERCENT_OFF', percent: 33, cap: '50.01', days: 30 });
  amountTpl = await template({ name: '立减券', kind: 'AMOUNT_OFF', amount: '12.34', days: 30 });
  for (let i = 0; i < 3; i += 1) await issueTo(percentTpl);
  for (let i = 0; i < 2; i += 1) await issueTo(amountTpl);
});
afterAll(() => t.close());

describe('revoking a coupon (作废)', () => {
  it('revokes an unused coupon: audited, and its borrower no longer sees it as usable nor is offered it', async () => {
    const [, , unused] = await couponsOf(percentTpl);
    if (!unused) throw new Error('no coupon');
    const listBefore = okResult(
      await call<CouponListResult>(t.app, 'GET', '/users/coupons', {}, { token: b.token }),
    );
    const done = ok(await revoke(unused.id));
    expect(done).toEqual({ couponId: unused.id, status: 'REVOKED' });
    expect(await couponRow(t, unused.id)).toMatchObject({
      state: 'REVOKED',
      revokedBy: 'fin-camp',
      revokeReason: '活动提前结束',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.coupon.revoked'));
    expect(entry).toMatchObject({ loginId: 'fin-camp', userId: b.userId });
    expect(entry?.detail).toMatchObject({ couponId: unused.id, reason: '活动提前结束' });

    // the borrower's own list: shown as 已作废, counted out of the usable ones, never offered for a fee
    const list = okResult(
      await call<CouponListResult>(t.app, 'GET', '/users/coupons', {}, { token: b.token }),
    );
    expect(list.items.find((c) => c.couponId === unused.id)?.status).toBe('REVOKED');
    expect(list.availableCount).toBe(listBefore.availableCount - 1);
    const usable = okResult(
      await call<CouponListResult>(
        t.app,
        'GET',
        '/users/coupons',
        { status: 'AVAILABLE' },
        { token: b.token },
      ),
    );
    expect(usable.items.map((c) => c.couponId)).not.toContain(unused.id);
    const fees = await feeItemsOf(t, loanId);
    const offered = okResult(
      await call<CouponOptionsResult>(
        t.app,
        'GET',
        '/users/couponOptions',
        {
          feeIds: fees
            .map((f) => f.id)
            .slice(0, 5)
            .join(','),
        },
        { token: b.token },
      ),
    );
    expect(offered.options.length).toBeGreaterThan(0);
    expect(offered.options.map((o) => o.coupon.couponId)).not.toContain(unused.id);
    const refused = await pay.create(b.token, {
      feeIds: [fees[1]?.id],
      couponId: unused.id,
      channel: 'ALIPAY',
    });
    expect(refused.response.rspCode).toBe(RSP.PAY_COUPON_NOT_APPLICABLE);
    // and a second revocation says so
    expect((await revoke(unused.id)).response.rspCode).toBe(RSP.COUPON_REVOKED);
  });

  it('refuses a used coupon (nothing changed), one held by an unpaid order, and an operator without coupon.manage', async () => {
    const fees = await feeItemsOf(t, loanId);
    const [first] = await couponsOf(percentTpl);
    if (!first || !fees[1]) throw new Error('no coupon or fee');
    await payWith(fees[1].id, first.id);
    const before = await tableCounts(t.db);
    const row = await couponRow(t, first.id);
    const refused = await revoke(first.id);
    expect(refused.response).toEqual({ rspCode: RSP.COUPON_USED, rspDesc: '该优惠券已使用，不能作废' });
    expect(await couponRow(t, first.id)).toEqual(row);
    expect(await tableCounts(t.db)).toEqual(before);

    const [, held] = await couponsOf(amountTpl);
    if (!held || !fees[4]) throw new Error('no coupon or fee');
    const order = okResult(
      await pay.create(b.token, { feeIds: [fees[4].id], couponId: held.id, channel: 'ALIPAY' }),
    );
    expect((await revoke(held.id)).response.rspCode).toBe(RSP.COUPON_LOCKED);
    okResult(await pay.close(b.token, order.order.outTradeNo));
    expect((await couponRow(t, held.id)).state).toBe('AVAILABLE');

    const noRight = await revoke(held.id, reviewer);
    expect(noRight.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    expect((await revoke(held.id, finance, '  ')).response).toMatchObject({
      rspCode: RSP.INVALID_INPUT,
      rspDesc: '请填写作废原因',
    });
    expect((await couponRow(t, held.id)).state).toBe('AVAILABLE');
  });

  it('lists a borrower’s coupons for the console, with the template, the discount used and the revocation', async () => {
    const lines = ok(
      await opsCall<
        Array<{ couponId: number; status: string; templateName: string | null; discount: string | null }>
      >(t, 'GET', OPS_API.borrowerCoupons, { loginId: b.loginId }, reviewer.opsToken),
    );
    const mine = await couponsOf(percentTpl);
    const byId = new Map(lines.map((l) => [l.couponId, l]));
    expect(byId.get(mine[0]?.id ?? 0)).toMatchObject({ status: 'USED', templateName: '三三折扣' });
    expect(byId.get(mine[0]?.id ?? 0)?.discount).toMatch(/^\d+\.\d{2}$/);
    expect(byId.get(mine[2]?.id ?? 0)).toMatchObject({
      status: 'REVOKED',
      revokedBy: 'fin-camp',
      discount: null,
    });
  });
});

describe('what each campaign cost', () => {
  it('counts issued, used and revoked, and sums the discounts actually granted, to the fen', async () => {
    const fees = await feeItemsOf(t, loanId);
    const [, second] = await couponsOf(percentTpl);
    const [firstAmount] = await couponsOf(amountTpl);
    if (!second || !firstAmount || !fees[2] || !fees[3]) throw new Error('setup');
    await payWith(fees[2].id, second.id);
    await payWith(fees[3].id, firstAmount.id);

    // what the fee items record, and what the terms say they should have taken off
    const granted = async (templateId: number) => {
      const ids = (await couponsOf(templateId)).map((c) => c.id);
      const items = await t.db.select().from(feeItems).where(inArray(feeItems.couponId, ids));
      return items.reduce((sum, i) => sum + i.discountFen, 0);
    };
    const percentTerms = {
      kind: 'PERCENT_OFF',
      amountOffFen: null,
      thresholdFen: null,
      percentOff: 33,
      capFen: 5001,
    } as const;
    const expectedPercent = [fees[1], fees[2]].reduce(
      (sum, f) => sum + couponDiscountFen(percentTerms, f?.amountFen ?? 0),
      0,
    );
    expect(await granted(percentTpl)).toBe(expectedPercent);
    expect(await granted(amountTpl)).toBe(1234);

    expect(await figures(percentTpl)).toMatchObject({
      issued: 3,
      used: 2,
      revoked: 1,
      discount: fenToYuan(expectedPercent),
    });
    expect(await figures(amountTpl)).toMatchObject({ issued: 2, used: 1, revoked: 0, discount: '12.34' });
    // the used coupons' discounts are on the fee items paid
    const paid = await t.db
      .select()
      .from(feeItems)
      .where(
        and(
          eq(feeItems.loanId, loanId),
          inArray(
            feeItems.id,
            fees.slice(1, 4).map((f) => f.id),
          ),
        ),
      );
    expect(paid.every((f) => f.discountFen > 0 && f.couponId !== null)).toBe(true);
  });
});
