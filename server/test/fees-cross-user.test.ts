import { type CouponListResult, type FeeListResult, RSP, rspText, type UserInfo } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { type ApiAnswer, call, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';

/**
 * A second borrower walks every fee and coupon route that takes an id with the first borrower's ids: the same
 * answer as a missing id, nothing changes, nothing of the first borrower's comes back.
 */
let t: TestApp;
let owner: ReadyBorrower;
let intruder: ReadyBorrower;
let ownerFees: FeeListResult;
const SECRET_TITLE = '业主专享免服务费券';

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeReadyBorrower(t, 'feeowner1');
  intruder = await makeReadyBorrower(t, 'feeintruder1');
  await disburseLoan(t, owner, 'CGB-DPJY', '150000', 6);
  await disburseLoan(t, intruder, 'YNIT-XT01', '50000', 3);
  await runUserCommand(
    ['coupon', 'issue', 'feeowner1', '--kind', 'FREE_FEE', '--title', SECRET_TITLE, '--days', '30'],
    { db: t.db, config: t.config, print: () => {}, now: t.clock.now },
  );
  ownerFees = okResult(
    await call<FeeListResult>(t.app, 'GET', '/service/feeList', { pageSize: 100 }, { token: owner.token }),
  );
});
afterAll(async () => t.close());

async function refusedQuietly(label: string, send: () => Promise<ApiAnswer<unknown>>) {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status, label).toBe(200);
  const text = JSON.stringify(res);
  expect(text, label).not.toContain(SECRET_TITLE);
  expect(text, label).not.toContain('1500.00');
  expect(await tableCounts(t.db), label).toEqual(before);
  return res;
}

describe('a second borrower with the first borrower’s fee and coupon ids', () => {
  it('gets 3701 for the detail and the coupon options of each of their fee items, like a missing one', async () => {
    const mine = okResult(
      await call<FeeListResult>(
        t.app,
        'GET',
        '/service/feeList',
        { pageSize: 100 },
        { token: intruder.token },
      ),
    );
    const NOT_FOUND = { rspCode: RSP.FEE_NOT_FOUND, rspDesc: rspText(RSP.FEE_NOT_FOUND) };
    expect(ownerFees.items).toHaveLength(1);
    for (const item of ownerFees.items) {
      const detail = await refusedQuietly(`detail ${item.feeId}`, () =>
        call(t.app, 'GET', '/service/feeDetail', { feeId: item.feeId }, { token: intruder.token }),
      );
      expect(detail.response).toEqual(NOT_FOUND);
      expect(detail.result).toBeNull();
      const options = await refusedQuietly(`options ${item.feeId}`, () =>
        call(t.app, 'GET', '/users/couponOptions', { feeIds: item.feeId }, { token: intruder.token }),
      );
      expect(options.response).toEqual(NOT_FOUND);
      // mixed with one of their own: still refused as a whole
      const mixed = await refusedQuietly(`options mixed ${item.feeId}`, () =>
        call(
          t.app,
          'GET',
          '/users/couponOptions',
          { feeIds: `${mine.items[0]?.feeId},${item.feeId}` },
          { token: intruder.token },
        ),
      );
      expect(mixed.response).toEqual(NOT_FOUND);
    }
    expect(
      (await call(t.app, 'GET', '/service/feeDetail', { feeId: 2_000_000_000 }, { token: intruder.token }))
        .response,
    ).toEqual(NOT_FOUND);
  });

  it("filters by the first borrower's loan to nothing, and sees none of their coupons", async () => {
    const loanId = ownerFees.items[0]?.loanId;
    const byLoan = await refusedQuietly('feeList by loan', () =>
      call<FeeListResult>(t.app, 'GET', '/service/feeList', { loanId }, { token: intruder.token }),
    );
    expect((byLoan.result as FeeListResult).items).toEqual([]);
    const coupons = await refusedQuietly('coupons', () =>
      call<CouponListResult>(t.app, 'GET', '/users/coupons', undefined, { token: intruder.token }),
    );
    expect((coupons.result as CouponListResult).items).toEqual([]);
    const info = okResult(
      await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token: intruder.token }),
    );
    expect(info.couponsCount).toBe(0);
    // the owner's own view is untouched
    const own = okResult(
      await call<CouponListResult>(t.app, 'GET', '/users/coupons', undefined, { token: owner.token }),
    );
    expect(own.items.map((c) => c.title)).toEqual([SECRET_TITLE]);
  });
});
