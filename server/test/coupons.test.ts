import {
  type CouponListResult,
  type CouponOptionsResult,
  type FeeListResult,
  RSP,
  rspText,
  type UserInfo,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runUserCommand } from '../src/cli/user-commands.ts';
import { coupons } from '../src/db/schema.ts';
import { issueWelcomeCoupon } from '../src/modules/coupons/issue.ts';
import { call, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';

let t: TestApp;
let b: ReadyBorrower;
let feeIds: number[];

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUserCommand(argv, { db: t.db, config: t.config, print: (l) => lines.push(l), now: t.clock.now });
  return lines;
}

const listCoupons = (query: Record<string, unknown> = {}, token = b.token) =>
  call<CouponListResult>(t.app, 'GET', '/users/coupons', query, { token });
const options = (ids: unknown, token = b.token) =>
  call<CouponOptionsResult>(t.app, 'GET', '/users/couponOptions', { feeIds: ids }, { token });

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'coupon1');
  // 240.00 of fee with each of 12 instalments (0.20 % a month of 120,000.00)
  await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
  const fees = okResult(
    await call<FeeListResult>(t.app, 'GET', '/service/feeList', { pageSize: 3 }, { token: b.token }),
  );
  feeIds = fees.items.map((i) => i.feeId);
  const issue = (...args: string[]) => run('coupon', 'issue', 'coupon1', ...args);
  await issue(
    '--kind',
    'AMOUNT_OFF',
    '--amount',
    '20',
    '--threshold',
    '100',
    '--title',
    '满百减二十',
    '--days',
    '30',
  );
  await issue(
    '--kind',
    'PERCENT_OFF',
    '--percent',
    '20',
    '--cap',
    '30',
    '--title',
    '八折封顶',
    '--days',
    '10',
  );
  await issue('--kind', 'FREE_FEE', '--title', '免服务费', '--days', '2');
  await issue(
    '--kind',
    'AMOUNT_OFF',
    '--amount',
    '50',
    '--threshold',
    '300',
    '--title',
    '满三百',
    '--days',
    '30',
  );
  await issue(
    '--kind',
    'FREE_FEE',
    '--title',
    '广发专享',
    '--days',
    '30',
    '--scope',
    'BANKS',
    '--scope-values',
    'CGB',
  );
  await issue(
    '--kind',
    'FREE_FEE',
    '--title',
    '未开始',
    '--days',
    '30',
    '--from',
    '2027-01-01',
    '--until',
    '2027-02-01',
  );
});
afterAll(async () => t.close());

describe('npm run user -- coupon …', () => {
  it('issues each kind and lists them', async () => {
    const out = await run('coupon', 'list', 'coupon1');
    expect(out).toHaveLength(6);
    expect(out[0]).toContain('满 100.00 元减 20.00 元');
    expect(out[1]).toContain('服务费减 20%，最高减 30.00 元');
    expect(out[2]).toContain('免除一笔服务费');
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown kind', ['--kind', 'CASHBACK', '--title', 'x', '--days', '3'], /优惠券类型/],
    [
      'a percent of 100',
      ['--kind', 'PERCENT_OFF', '--percent', '100', '--title', 'x', '--days', '3'],
      /1-99/,
    ],
    ['no amount', ['--kind', 'AMOUNT_OFF', '--title', 'x', '--days', '3'], /缺少 --amount/],
    [
      'a bad amount',
      ['--kind', 'AMOUNT_OFF', '--amount', '1.234', '--title', 'x', '--days', '3'],
      /金额格式/,
    ],
    [
      'an amount above its threshold',
      ['--kind', 'AMOUNT_OFF', '--amount', '100', '--threshold', '50', '--title', 'x', '--days', '3'],
      /减免金额不能超过使用门槛/,
    ],
    ['no title', ['--kind', 'FREE_FEE', '--days', '3'], /缺少 --title/],
    ['no window', ['--kind', 'FREE_FEE', '--title', 'x'], /有效期/],
    [
      'an end before the start',
      ['--kind', 'FREE_FEE', '--title', 'x', '--from', '2027-02-01', '--until', '2027-01-01'],
      /截止时间/,
    ],
    [
      'a scope without values',
      ['--kind', 'FREE_FEE', '--title', 'x', '--days', '3', '--scope', 'BANKS'],
      /至少一个/,
    ],
  ])('refuses %s, writing nothing', async (_, args, message) => {
    const before = await tableCounts(t.db);
    const error = await run('coupon', 'issue', 'coupon1', ...args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as Error).message).toMatch(message);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses an unknown borrower and an unknown action', async () => {
    await expect(
      run('coupon', 'issue', 'nobody99', '--kind', 'FREE_FEE', '--title', 'x', '--days', '1'),
    ).rejects.toThrow(/用户不存在/);
    await expect(run('coupon', 'burn', 'coupon1')).rejects.toBeInstanceOf(CommandError);
  });
});

describe('GET /users/coupons', () => {
  it('lists usable coupons first with status and the expiring-soon mark; getUserInfo counts them', async () => {
    const all = okResult(await listCoupons());
    expect(all.items.map((c) => [c.title, c.status, c.expiringSoon])).toEqual([
      ['免服务费', 'AVAILABLE', true],
      ['八折封顶', 'AVAILABLE', false],
      ['满百减二十', 'AVAILABLE', false],
      ['满三百', 'AVAILABLE', false],
      ['广发专享', 'AVAILABLE', false],
      ['未开始', 'AVAILABLE', false],
    ]);
    expect(all.items[2]).toMatchObject({
      kind: 'AMOUNT_OFF',
      amountOff: '20.00',
      threshold: '100.00',
      rule: '满 100.00 元减 20.00 元',
    });
    expect(all.availableCount).toBe(6);
    const info = okResult(
      await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token }),
    );
    expect(info.couponsCount).toBe(6);
  });

  it('the demo borrower has a few of each kind, one ending within 3 days and expired ones', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const demo = okResult(await listCoupons({}, token));
    expect(new Set(demo.items.map((c) => c.kind))).toEqual(
      new Set(['AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE']),
    );
    expect(demo.items.filter((c) => c.expiringSoon).map((c) => c.title)).toEqual(['限时立减券']);
    expect(okResult(await listCoupons({ status: 'EXPIRED' }, token)).items.map((c) => c.title)).toEqual([
      '上月满减券',
      '周年免服务费券',
    ]);
    expect(okResult(await listCoupons({ status: 'USED' }, token)).items).toEqual([]);
    // a title that names a kind names the one the coupon's terms make it (满减 with a threshold, 立减 without)
    for (const c of demo.items) {
      for (const kind of ['满减', '立减']) if (c.title.includes(kind)) expect(c.kindLabel).toBe(kind);
    }
  });

  it('refuses an unknown status with 1001', async () => {
    const res = await listCoupons({ status: 'GONE' });
    expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(res.response.rspDesc).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('GET /users/couponOptions', () => {
  it('offers the applicable coupons once each with their discount, best first', async () => {
    const res = okResult(await options(feeIds.join(',')));
    expect(res.options.map((o) => [o.coupon.title, o.discount, o.feeId])).toEqual([
      ['免服务费', '240.00', feeIds[0]],
      ['八折封顶', '30.00', feeIds[0]],
      ['满百减二十', '20.00', feeIds[0]],
    ]);
  });

  it.each<[string, unknown]>([
    ['empty', ''],
    ['not numbers', 'a,b'],
    ['a zero', '0'],
    ['too many', Array.from({ length: 21 }, (_, i) => i + 1).join(',')],
  ])('refuses fee ids %s with 1001, changing nothing', async (_, ids) => {
    const before = await tableCounts(t.db);
    const res = await options(ids);
    expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(res.response.rspDesc).toMatch(/[\u4e00-\u9fa5]/);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('an id that does not exist is 3701', async () => {
    expect((await options(`${feeIds[0]},2147483647`)).response).toEqual({
      rspCode: RSP.FEE_NOT_FOUND,
      rspDesc: rspText(RSP.FEE_NOT_FOUND),
    });
  });
});

describe('the welcome coupon', () => {
  it('is issued once per borrower, even when asked twice at once', async () => {
    const now = t.clock.now();
    const given = await Promise.all([1, 2, 3].map(() => issueWelcomeCoupon(t.db, b.userId, now)));
    expect(given.filter(Boolean)).toHaveLength(1);
    expect(await issueWelcomeCoupon(t.db, b.userId, now)).toBe(false);
    const rows = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.userId, b.userId), eq(coupons.source, 'WELCOME')));
    expect(rows).toHaveLength(1);
    // 满 50 元减 20 元: a threshold, so its title says 满减
    expect(rows[0]?.title).toBe('新客服务费满减券');
    expect(rows[0]?.thresholdFen).toBeGreaterThan(0);
  });
});
