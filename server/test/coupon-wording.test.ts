import { type CouponListResult, type FeeListResult, RSP, shanghaiDate } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';

/** A coupon as the borrower reads it (GET /users/coupons): its kind, scope, validity and, once used, its use. */
let t: TestApp;

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUserCommand(argv, { db: t.db, config: t.config, print: (l) => lines.push(l), now: t.clock.now });
  return lines;
}

const listCoupons = (query: Record<string, unknown>, token: string) =>
  call<CouponListResult>(t.app, 'GET', '/users/coupons', query, { token });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /users/coupons in words', () => {
  it('says each coupon as it works: 立减 without a threshold, the banks by name, dates only, and what a used one paid', async () => {
    const w = await makeReadyBorrower(t, 'coupon-words');
    const rowId = await disburseLoan(t, w, 'YNIT-XT01', '120000', 12);
    const issue = (...args: string[]) => run('coupon', 'issue', 'coupon-words', ...args);
    await issue('--kind', 'AMOUNT_OFF', '--amount', '10', '--title', '立减十元', '--days', '30');
    await issue(
      '--kind',
      'AMOUNT_OFF',
      '--amount',
      '20',
      '--threshold',
      '100',
      '--title',
      '满减',
      '--days',
      '30',
    );
    await issue(
      '--kind',
      'FREE_FEE',
      '--title',
      '两行专享',
      '--days',
      '30',
      '--scope',
      'BANKS',
      '--scope-values',
      'CGB,YNIT',
    );
    await issue(
      '--kind',
      'FREE_FEE',
      '--title',
      '指定产品',
      '--days',
      '30',
      '--scope',
      'PRODUCTS',
      '--scope-values',
      'CGB-DPJY',
    );
    const byTitle = async () =>
      new Map(okResult(await listCoupons({}, w.token)).items.map((c) => [c.title, c]));
    let coupons = await byTitle();
    expect(coupons.get('立减十元')).toMatchObject({ kindLabel: '立减', rule: '立减 10.00 元', use: null });
    expect(coupons.get('满减')).toMatchObject({ kindLabel: '满减', scopeText: '全部产品可用' });
    expect(coupons.get('两行专享')?.scopeText).toBe('限广发银行、云南国际信托');
    expect(coupons.get('指定产品')?.scopeText).toBe('限广发店铺经营贷');
    for (const c of coupons.values())
      expect(c.validityText).toMatch(/^有效期 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/);

    // the bank-wide free-fee coupon pays the first instalment's fee in full: used, on that fee of that loan
    const fees = okResult(
      await call<FeeListResult>(t.app, 'GET', '/service/feeList', { pageSize: 1 }, { token: w.token }),
    );
    const couponId = coupons.get('两行专享')?.couponId;
    const paid = await call(
      t.app,
      'POST',
      '/pay/createOrder',
      { feeIds: [fees.items[0]?.feeId], couponId, channel: 'WECHAT' },
      { token: w.token },
    );
    expect(paid.response.rspCode).toBe(RSP.OK);
    coupons = await byTitle();
    const used = coupons.get('两行专享');
    expect(used?.status).toBe('USED');
    const day = shanghaiDate(t.clock.now());
    expect(used?.use).toEqual({
      usedAt: expect.any(String),
      rowId,
      productName: '跨境电商信托贷',
      feeLabel: '第 1 期服务费',
      text: `${day} 用于 跨境电商信托贷 第 1 期服务费`,
    });
  });
});
