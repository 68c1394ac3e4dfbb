import {
  type AccountOverview,
  type CreatedOrder,
  daysPastDue,
  feeItemOwedFen,
  fenToYuan,
  PAYOUT_POINTING_LABELS,
  RSP,
  shanghaiDate,
  type UserInfo,
} from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeItems, instalments, loans } from '../src/db/schema.ts';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { advanceAndCollect, DAY, disburseLoan, ensureSubAccount, makeHalfPayer } from './helpers/loans.ts';

/**
 * My account's overview against loans made the way borrowers make them: the next instalment across loans, the
 * outstanding principal, overdue instalments with penalty to today (the same amount repay-now asks for), the
 * upfront fees still owed; the profile; and nothing of another borrower's.
 */

let t: TestApp;
let b: ReadyBorrower;
let other: ReadyBorrower;
let upfront: { id: number; applicationId: number };
let monthly: { id: number; applicationId: number };

const overview = async (token = b.token) => {
  const res = await call<AccountOverview>(t.app, 'GET', '/account/overview', undefined, { token });
  expect(res.response.rspCode).toBe(RSP.OK);
  return res.result;
};

async function loanOfRow(rowId: number) {
  const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
  if (!loan) throw new Error('no loan');
  return loan;
}

const rowsOf = (loanId: number) =>
  t.db.select().from(instalments).where(eq(instalments.loanId, loanId)).orderBy(asc(instalments.seq));

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'overview1');
  other = await makeReadyBorrower(t, 'overview2', { certified: false, storeStatus: null });
  await setContacts(t, b.userId, { phone: '13612345678' });
});
afterAll(() => t.close());

describe('GET /account/overview', () => {
  it('before any loan: nothing owed, the profile masked, the usable coupons counted', async () => {
    const o = await overview();
    expect(o.owed).toEqual({
      nextDueDate: null,
      nextDueAmount: '0.00',
      nextDueItems: [],
      outstandingPrincipal: '0.00',
      overdueAmount: '0.00',
      overduePenalty: '0.00',
      overdueDays: 0,
      overdueItems: [],
      feesDue: '0.00',
      feesDueCount: 0,
      loansOutstanding: 0,
    });
    expect(o.profile).toMatchObject({
      loginId: 'overview1',
      userNameCn: '王其',
      phoneMasked: '136****5678',
      emailMasked: 'ov***@example.com',
      companyName: '深圳市跨境优选贸易有限公司',
      certificationLabel: '已认证',
      storeStatus: '03',
      storeStatusLabel: '已授权',
      receiving: { state: null, label: '未开立', bankName: null, accountNoMasked: null },
    });
    expect(Date.parse(o.profile.storeExpiresAt ?? '')).toBe(t.clock.now().getTime() + 365 * DAY);
    const info = await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
    expect(o.couponsCount).toBe(info.result.couponsCount);
    expect(JSON.stringify(o)).not.toContain('13612345678');
  });

  it('with two loans: the next instalment of both, the principal out, the upfront fee owed', async () => {
    upfront = await loanOfRow(await disburseLoan(t, b, 'YNIT-XT02', '100000', 6));
    monthly = await loanOfRow(await disburseLoan(t, b, 'YNIT-XT01', '60000', 3));
    await ensureSubAccount(t, b, 'YNIT');
    const o = await overview();
    const [u1] = await rowsOf(upfront.id);
    const [m1] = await rowsOf(monthly.id);
    if (!u1 || !m1) throw new Error('no instalments');
    const owed = (r: typeof u1) => r.principalFen + r.interestFen + r.feeFen;
    const first = u1.dueDate <= m1.dueDate ? u1.dueDate : m1.dueDate;
    const due = [u1, m1].filter((r) => r.dueDate === first);
    expect(o.owed.nextDueDate).toBe(first);
    expect(o.owed.nextDueAmount).toBe(fenToYuan(due.reduce((s, r) => s + owed(r), 0)));
    expect(o.owed.nextDueItems.map((i) => [i.loanId, i.seq, i.amount])).toEqual(
      due.map((r) => [r.loanId, 1, fenToYuan(owed(r))]).sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const item = o.owed.nextDueItems.find((i) => i.loanId === monthly.id);
    if (item) {
      expect(item).toMatchObject({ rowId: monthly.applicationId, bankName: '云南国际信托' });
      expect(item.productName).not.toBe('');
    }
    expect(o.owed.outstandingPrincipal).toBe('160000.00');
    expect(o.owed.loansOutstanding).toBe(2);
    expect(o.owed.overdueAmount).toBe('0.00');
    const [fee] = await t.db
      .select()
      .from(feeItems)
      .where(and(eq(feeItems.loanId, upfront.id), eq(feeItems.kind, 'UPFRONT')));
    expect(fee?.amountFen).toBeGreaterThan(0);
    // 待缴服务费 is every fee item owed, the upfront fee and each instalment's, whatever the due date
    const items = await t.db.select().from(feeItems).where(eq(feeItems.userId, b.userId));
    expect(items.length).toBeGreaterThan(1);
    expect(o.owed).toMatchObject({
      feesDue: fenToYuan(items.reduce((s, i) => s + i.amountFen, 0)),
      feesDueCount: items.length,
    });
    // the receiving account as the receiving-account module has it, masked
    expect(o.profile.receiving).toMatchObject({ state: 'OPEN', label: '已开立', bankName: '云南国际信托' });
    expect(o.profile.receiving.accountNoMasked).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
    expect(o.profile.receiving.payoutLabel).toBe(PAYOUT_POINTING_LABELS[o.profile.receiving.payout]);
  });

  it('overdue instalments with penalty to today: the amount repay-now asks for', async () => {
    await makeHalfPayer(t, b.userId);
    const [u1] = await rowsOf(upfront.id);
    const [m1] = await rowsOf(monthly.id);
    const last = [u1?.dueDate ?? '', m1?.dueDate ?? ''].sort()[1];
    // the later of the two first due dates, 10:00 Shanghai, then two days on: both half paid and overdue
    await advanceAndCollect(t, Date.parse(`${last}T02:00:00Z`) - t.clock.now().getTime());
    await advanceAndCollect(t, 2 * DAY);
    // the sessions idled out meanwhile
    b.token = await login(t.app, b.loginId, b.password);
    other.token = await login(t.app, other.loginId, other.password);
    const o = await overview();
    expect(o.owed.overdueItems.map((i) => `${i.loanId}-${i.seq}`).sort()).toEqual(
      [`${upfront.id}-1`, `${monthly.id}-1`].sort(),
    );
    let totalFen = 0;
    for (const item of o.owed.overdueItems) {
      const rows = await rowsOf(item.loanId);
      expect(rows[0]?.status).toBe('OVERDUE');
      const created = await call<CreatedOrder>(
        t.app,
        'POST',
        '/pay/repayNow',
        { loanId: item.loanId, seq: item.seq, channel: 'ALIPAY' },
        { token: b.token },
      );
      expect(created.response.rspCode).toBe(RSP.OK);
      expect(item.amount).toBe(created.result.order.amount);
      totalFen += Math.round(Number(created.result.order.amount) * 100);
    }
    expect(o.owed.overdueAmount).toBe(fenToYuan(totalFen));
    // the penalty is in: more than the unpaid half of principal, interest and fee
    const [m1Now] = await rowsOf(monthly.id);
    if (!m1Now) throw new Error('no instalment');
    const withoutPenalty =
      m1Now.principalFen -
      m1Now.paidPrincipalFen +
      m1Now.interestFen -
      m1Now.paidInterestFen +
      m1Now.feeFen -
      m1Now.paidFeeFen;
    const monthlyItem = o.owed.overdueItems.find((i) => i.loanId === monthly.id);
    expect(Math.round(Number(monthlyItem?.amount) * 100)).toBeGreaterThan(withoutPenalty);
    // the penalty to today is the part of the amount above what principal, interest and fee still owe
    expect(Math.round(Number(monthlyItem?.penalty) * 100)).toBe(
      Math.round(Number(monthlyItem?.amount) * 100) - withoutPenalty,
    );
    // the clock is two days past the later first due date: at least 2 Shanghai days past due
    for (const item of o.owed.overdueItems) {
      expect(item.overdueDays).toBe(daysPastDue(item.dueDate, shanghaiDate(t.clock.now())));
      expect(item.overdueDays).toBeGreaterThanOrEqual(2);
    }
    expect(o.owed.overdueDays).toBe(Math.max(...o.owed.overdueItems.map((i) => i.overdueDays)));
    expect(o.owed.overduePenalty).toBe(
      fenToYuan(o.owed.overdueItems.reduce((s, i) => s + Math.round(Number(i.penalty) * 100), 0)),
    );
    expect(o.owed.nextDueItems.every((i) => i.penalty === '0.00' && i.overdueDays === 0)).toBe(true);
    // the next instalments are the second ones; the upfront fee, not taken from payouts, is still owed, with
    // the fees of the instalments not yet fully paid
    const seconds = o.owed.nextDueItems.map((i) => i.seq);
    expect(seconds.every((s) => s === 2)).toBe(true);
    expect(o.owed.nextDueDate).not.toBeNull();
    const items = await t.db.select().from(feeItems).where(eq(feeItems.userId, b.userId));
    const owing = items.filter((i) => feeItemOwedFen(i) > 0);
    expect(owing.some((i) => i.kind === 'UPFRONT')).toBe(true);
    expect(o.owed.feesDueCount).toBe(owing.length);
    expect(o.owed.feesDue).toBe(fenToYuan(owing.reduce((s, i) => s + feeItemOwedFen(i), 0)));
  });

  it('shows another borrower only their own (nothing here)', async () => {
    const o = await overview(other.token);
    expect(o.owed.loansOutstanding).toBe(0);
    expect(o.owed.nextDueItems).toEqual([]);
    expect(o.owed.overdueItems).toEqual([]);
    expect(o.owed.feesDue).toBe('0.00');
    expect(o.profile).toMatchObject({
      loginId: 'overview2',
      companyName: null,
      certificationLabel: '未认证',
      storeStatus: '01',
      storeExpiresAt: null,
      phoneMasked: null,
    });
    const text = JSON.stringify(o);
    for (const secret of ['overview1', '深圳市跨境优选', '136****5678']) {
      expect(text).not.toContain(secret);
    }
  });
});
