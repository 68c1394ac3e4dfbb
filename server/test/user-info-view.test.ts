import type { SubAccountState, UserInfo } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, receivingSettings, sessions, subAccounts } from '../src/db/schema.ts';
import { availableCouponCount } from '../src/modules/coupons/service.ts';
import { receivingSummary } from '../src/modules/receiving-account/view.ts';
import { call, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';

/**
 * getUserInfo reads its coupons' count and receiving account in the session's own statement (user-info-view.ts):
 * it answers what the modules' own readings (availableCouponCount, receivingSummary) say, whatever the rows.
 */
let t: TestApp;
let b: ReadyBorrower;
beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'infoview1');
});
afterAll(async () => t?.close());

async function answered(): Promise<UserInfo> {
  const answer = await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
  expect(answer.response.rspCode).toBe('0000');
  return answer.result;
}

async function expectSameAsModules(): Promise<void> {
  const info = await answered();
  const summary = await receivingSummary(t.db, b.userId);
  expect(info.couponsCount).toBe(await availableCouponCount(t.db, b.userId, t.clock.now()));
  expect(info.paidMethod).toBe(summary.paidMethod);
  expect(info.openBank).toBe(summary.state === 'OPEN' ? summary.bankName : null);
  expect(info.subAccNo).toBe(summary.state === 'OPEN' ? summary.accountNoMasked : null);
}

let ref = 0;
async function subAccount(state: SubAccountState, bank = 'CGB') {
  ref += 1;
  const now = t.clock.now();
  const [row] = await t.db
    .insert(subAccounts)
    .values({
      userId: b.userId,
      bank: bank as 'CGB',
      state,
      companyName: '深圳市跨境优选贸易有限公司',
      uscc: '91440300MA5FXXXX0X',
      requestRef: `view-${ref}`,
      accountNoMasked: state === 'OPEN' ? `6222****${String(ref).padStart(4, '0')}` : null,
      requestedAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

async function coupon(state: 'AVAILABLE' | 'USED', validUntil: Date) {
  const now = t.clock.now();
  await t.db.insert(coupons).values({
    userId: b.userId,
    kind: 'AMOUNT_OFF',
    title: '测试券',
    amountOffFen: 1000,
    thresholdFen: 10000,
    validFrom: now,
    validUntil,
    state,
    source: 'OPERATOR',
    createdAt: now,
    updatedAt: now,
  });
}

describe('getUserInfo read in one statement', () => {
  it('answers as the modules do: no account, opening, failed, open, closed and reopened; coupons by state and date', async () => {
    await expectSameAsModules();
    const opening = await subAccount('OPENING');
    await expectSameAsModules();
    await t.db.update(subAccounts).set({ state: 'FAILED' }).where(eq(subAccounts.id, opening!.id));
    await expectSameAsModules();
    const open = await subAccount('OPEN', 'ICBC');
    await expectSameAsModules();
    expect((await answered()).subAccNo).toBe(open?.accountNoMasked);
    await subAccount('FAILED');
    // a newer failed request beside an open account: the open one is still the current one
    await expectSameAsModules();
    expect((await answered()).openBank).not.toBeNull();
    await t.db.update(subAccounts).set({ state: 'CLOSED' }).where(eq(subAccounts.id, open!.id));
    await expectSameAsModules();
    await t.db
      .insert(receivingSettings)
      .values({ userId: b.userId, paidMethod: 'ACTIVE_REPAY', updatedAt: t.clock.now() });
    await expectSameAsModules();
    expect((await answered()).paidMethod).toBe('ACTIVE_REPAY');

    await coupon('AVAILABLE', new Date(t.clock.now().getTime() + 60 * MINUTE));
    await coupon('AVAILABLE', new Date(t.clock.now().getTime() - MINUTE));
    await coupon('USED', new Date(t.clock.now().getTime() + 60 * MINUTE));
    await expectSameAsModules();
    expect((await answered()).couponsCount).toBe(1);
  });

  it('a revoked session is refused on the very next call', async () => {
    await answered();
    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, b.userId));
    const answer = await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
    expect(answer.response.rspCode).toBe('4010');
  });
});
