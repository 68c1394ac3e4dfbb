import { addDaysIso, type FeeDetail, type FeeListResult, RSP, rspText } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeItems, instalments, ledgerTransactions, loans } from '../src/db/schema.ts';
import { issueCoupon } from '../src/modules/coupons/issue.ts';
import { FeeCoverError, recordFeeCovered } from '../src/modules/fees/bookkeeping.ts';
import { call, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan } from './helpers/loans.ts';

let t: TestApp;
let b: ReadyBorrower;
let other: ReadyBorrower;
let monthly: { id: number; startDate: string };
let upfront: { id: number; startDate: string };

const list = (query: Record<string, unknown> = {}, token = b.token) =>
  call<FeeListResult>(t.app, 'GET', '/service/feeList', query, { token });
const detail = (feeId: unknown, token = b.token) =>
  call<FeeDetail>(t.app, 'GET', '/service/feeDetail', { feeId }, { token });

async function loanOfRow(rowId: number) {
  const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
  if (!loan) throw new Error('no loan');
  return loan;
}

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'fees1');
  other = await makeReadyBorrower(t, 'fees2');
  // 0.20 % a month of 120,000.00 with each of 12 instalments; 0.50 % of 100,000.00 once
  monthly = await loanOfRow(await disburseLoan(t, b, 'YNIT-XT01', '120000', 12));
  upfront = await loanOfRow(await disburseLoan(t, b, 'CGB-DPJY', '100000', 6));
  await disburseLoan(t, other, 'YNIT-XT01', '50000', 3);
});
afterAll(async () => t.close());

describe('GET /service/feeList', () => {
  it('lists the fee items by due date with totals, paged by cursor without gaps or repeats', async () => {
    const all = okResult(await list({ pageSize: 100 }));
    expect(all.items).toHaveLength(13);
    expect(all.items[0]).toMatchObject({
      loanId: upfront.id,
      kind: 'UPFRONT',
      seq: 0,
      dueDate: addDaysIso(upfront.startDate, 7),
      amount: '500.00',
      outstanding: '500.00',
      status: 'DUE',
      bankName: '广发银行',
    });
    expect(all.items.slice(1).map((i) => [i.loanId, i.kind, i.seq, i.amount, i.status])).toEqual(
      Array.from({ length: 12 }, (_, n) => [monthly.id, 'INSTALMENT', n + 1, '240.00', 'DUE']),
    );
    expect(all.nextCursor).toBeNull();
    // 待缴 is everything owed (500 + 12 × 240); the upfront fee falls due within 30 days, the first
    // instalment's, 31 days on, does not yet
    expect(all.totals).toEqual({
      owed: '3380.00',
      dueSoon: '500.00',
      overdue: '0.00',
      paidThisYear: '0.00',
      refunded: '0.00',
    });

    const seen: number[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = okResult(await list({ pageSize: 5, ...(cursor ? { cursor } : {}) }));
      sizes.push(page.items.length);
      seen.push(...page.items.map((i) => i.feeId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([5, 5, 3]);
    expect(seen).toEqual(all.items.map((i) => i.feeId));
  });

  it('after the first instalment is collected: paid, overdue and due totals, and the filters', async () => {
    const [first] = await t.db
      .select()
      .from(instalments)
      .where(and(eq(instalments.loanId, monthly.id), eq(instalments.seq, 1)));
    if (!first) throw new Error('no instalment');
    await advanceAndCollect(t, Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime() + DAY);
    b.token = await login(t.app, b.loginId, b.password);
    other.token = await login(t.app, other.loginId, other.password);
    const all = okResult(await list({ pageSize: 100 }));
    expect(all.items.filter((i) => i.status !== 'DUE').map((i) => [i.seq, i.status, i.paid])).toEqual([
      [0, 'OVERDUE', '0.00'],
      [1, 'PAID', '240.00'],
    ]);
    expect(all.totals).toEqual({
      owed: '3140.00',
      dueSoon: '240.00',
      overdue: '500.00',
      paidThisYear: '240.00',
      refunded: '0.00',
    });

    const seqs = async (query: Record<string, unknown>) =>
      okResult(await list({ pageSize: 100, ...query })).items.map((i) => i.seq);
    expect(await seqs({ status: 'PAID' })).toEqual([1]);
    expect(await seqs({ status: 'OVERDUE' })).toEqual([0]);
    expect(await seqs({ status: 'DUE' })).toHaveLength(11);
    expect(await seqs({ status: 'WAIVED' })).toEqual([]);
    expect(await seqs({ loanId: upfront.id })).toEqual([0]);
    expect(await seqs({ dateFrom: '2026-05-01', dateTo: '2026-06-30' })).toEqual([2, 3]);
    // another borrower's loan id matches nothing of theirs, and they see only their own items
    expect(await seqs({ loanId: monthly.id })).toHaveLength(12);
    expect(okResult(await list({ loanId: monthly.id }, other.token)).items).toEqual([]);
    expect(okResult(await list({ pageSize: 100 }, other.token)).items).toHaveLength(3);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['a page size of 0', { pageSize: 0 }, /每页条数|[\u4e00-\u9fa5]/],
    ['a page size of 101', { pageSize: 101 }, /[\u4e00-\u9fa5]/],
    ['a bad start date', { dateFrom: '2026-02-30' }, '开始日期不是有效日期，应为 YYYY-MM-DD，如 2026-03-01'],
    ['a start after the end', { dateFrom: '2026-05-01', dateTo: '2026-04-01' }, '开始日期不能晚于结束日期'],
    ['a garbage cursor', { cursor: '%%%' }, '分页参数无效，请从第一页重新查询'],
    ['a cursor of another list', { cursor: Buffer.from('r.1.2.3').toString('base64url') }, /分页参数无效/],
    ['an unknown status', { status: 'LOST' }, /[\u4e00-\u9fa5]/],
    ['a loan id that is not a number', { loanId: 'abc' }, /[\u4e00-\u9fa5]/],
  ])('refuses %s with 1001 in Chinese, changing nothing', async (_, query, desc) => {
    const before = await tableCounts(t.db);
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(res.response.rspDesc).toMatch(desc);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("refuses another borrower's cursor", async () => {
    const first = okResult(await list({ pageSize: 1 }));
    const res = await list({ pageSize: 1, cursor: first.nextCursor }, other.token);
    expect(res.response).toEqual({ rspCode: RSP.INVALID_INPUT, rspDesc: '分页参数无效，请从第一页重新查询' });
  });
});

describe('GET /service/feeDetail', () => {
  it('shows the item with its rate as the product shows it', async () => {
    const all = okResult(await list({ pageSize: 100 }));
    const [up, first] = all.items;
    const one = okResult(await detail(first?.feeId));
    expect(one).toEqual({ item: first, rateLabel: '0.20%/月', payments: [], refunds: [] });
    expect(okResult(await detail(up?.feeId)).rateLabel).toBe('0.50%（一次性）');
  });

  it.each<[string, unknown]>([
    ['not a number', 'abc'],
    ['zero', '0'],
    ['too large', '99999999999'],
    ['missing', '2147483647'],
  ])('a fee id %s is 3701, nothing changes', async (_, feeId) => {
    const before = await tableCounts(t.db);
    expect((await detail(feeId)).response).toEqual({
      rspCode: RSP.FEE_NOT_FOUND,
      rspDesc: rspText(RSP.FEE_NOT_FOUND),
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("another borrower's item is 3701 like a missing one; no session is 4010", async () => {
    const [item] = okResult(await list({ pageSize: 1 })).items;
    const res = await detail(item?.feeId, other.token);
    expect(res.response.rspCode).toBe(RSP.FEE_NOT_FOUND);
    expect(JSON.stringify(res)).not.toContain('广发银行');
    const anon = await call(t.app, 'GET', '/service/feeDetail', { feeId: item?.feeId });
    expect(anon.response.rspCode).toBe(RSP.SESSION_EXPIRED);
  });
});

describe('recordFeeCovered', () => {
  it('writes the item and its instalment together; collections then take no fee for it', async () => {
    const [item] = await t.db
      .select()
      .from(feeItems)
      .where(and(eq(feeItems.loanId, monthly.id), eq(feeItems.seq, 2)));
    if (!item) throw new Error('no fee item');
    const now = t.clock.now();
    const coupon = await issueCoupon(
      t.db,
      {
        ...{ amountOffFen: 20_000, thresholdFen: null, percentOff: null, capFen: null },
        kind: 'AMOUNT_OFF',
        userId: b.userId,
        title: '满减',
        validDays: 30,
        source: 'OPERATOR',
      },
      now,
    );
    const instalmentOf = async () =>
      (
        await t.db
          .select()
          .from(instalments)
          .where(eq(instalments.id, item.instalmentId ?? 0))
      )[0];

    // more than owed, or a second coupon: refused, nothing written
    await expect(
      t.db.transaction((tx) => recordFeeCovered(tx, item.id, { cashFen: 24_001 }, now)),
    ).rejects.toBeInstanceOf(FeeCoverError);
    const covered = await t.db.transaction((tx) =>
      recordFeeCovered(tx, item.id, { cashFen: 4_000, discountFen: 20_000, couponId: coupon.id }, now),
    );
    expect(covered).toMatchObject({ paidFen: 4_000, discountFen: 20_000, couponId: coupon.id });
    expect((await instalmentOf())?.paidFeeFen).toBe(24_000);
    await expect(
      t.db.transaction((tx) =>
        recordFeeCovered(tx, item.id, { cashFen: 0, discountFen: 0, couponId: coupon.id }, now),
      ),
    ).rejects.toBeInstanceOf(FeeCoverError);
    expect((await instalmentOf())?.paidFeeFen).toBe(24_000);

    const due = await instalmentOf();
    await advanceAndCollect(t, Date.parse(`${due?.dueDate}T02:00:00Z`) - t.clock.now().getTime());
    const after = await instalmentOf();
    expect(after).toMatchObject({ status: 'PAID', paidFeeFen: 24_000 });
    const lines = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.loanId, monthly.id));
    expect(lines.find((l) => l.memo === '第 2 期还款')).toMatchObject({ feeFen: 0 });
    const [again] = await t.db.select().from(feeItems).where(eq(feeItems.id, item.id));
    expect(again).toMatchObject({ paidFen: 4_000, discountFen: 20_000 });
  });
});
