import { OPS_API } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalments, receivingSettings, users } from '../src/db/schema.ts';
import { signInAttempt, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  createSwitchedBanksApp,
  disburseLoan,
  loanRows,
  type SettleSwitch,
  settlementCalls,
} from './helpers/loans.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import { deliverNotifies, payCalls } from './helpers/payments.ts';

/** 待处理事项: the lists an operator works through, each made of a real situation. */
let t: TestApp;
let finance: SignedInOperator;
let support: SignedInOperator;
const bankSwitch: SettleSwitch = { refuseSettle: false, whileSettling: null };

beforeAll(async () => {
  t = await createSwitchedBanksApp(bankSwitch);
  finance = await makeOperator(t, 'fin-watch', ['finance']);
  support = await makeOperator(t, 'sup-watch', ['support']);
});
afterAll(() => t.close());

const list = <T>(path: string, who: SignedInOperator) =>
  opsCall<T[]>(t, 'GET', path, undefined, who.opsToken);

describe('the lists of what needs a look', () => {
  it('money that paid nothing, with its automatic refund', async () => {
    const { quoteOf, settle } = settlementCalls(() => t);
    const b = await makeReadyBorrower(t, 'watch_money');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan, rows } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    const created = okResult(
      await settle(b.token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' }),
    );
    await t.db
      .update(instalments)
      .set({ paidInterestFen: 1 })
      .where(eq(instalments.id, rows[0]?.id ?? 0));
    okResult(await payCalls(t).cashier(b.token, created.order.outTradeNo));
    await deliverNotifies(t);
    const money = ok(
      await list<{ outTradeNo: string; unapplied: string; refundStatus: string | null }>(
        OPS_API.queueUnapplied,
        finance,
      ),
    );
    expect(money.find((m) => m.outTradeNo === created.order.outTradeNo)).toMatchObject({
      unapplied: quote.total,
      refundStatus: '退款中',
    });
    expect((await list(OPS_API.queueUnapplied, support)).status).toBe(403);
  });

  it('payouts pointed elsewhere, applications waiting on the bank over a day, borrowers stopped or locked', async () => {
    const api = applicationCalls(t);
    const b = await makeReadyBorrower(t, 'watch_wait');
    const rowId = okResult(await api.create(b.token, 'CGB-DPJY')).application.rowId;
    okResult(await api.submit(b.token, rowId, '100000', 12));
    await t.db.insert(receivingSettings).values({
      userId: b.userId,
      payoutState: 'DIVERTED',
      payoutCheckedAt: t.clock.now(),
      payoutDestinationMasked: '6222 **** **** 9999',
      updatedAt: t.clock.now(),
    });
    const stopped = await makeReadyBorrower(t, 'watch_stopped');
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, stopped.userId));
    await makeReadyBorrower(t, 'watch_locked');
    for (let i = 0; i < 5; i++) await signInAttempt(t.app, 'watch_locked', 'Wrong9999', '10.2.2.2');

    expect(
      ok(await list<{ rowId: number }>(OPS_API.queueWaiting, support)).map((w) => w.rowId),
    ).not.toContain(rowId);
    t.clock.advance(25 * 3_600_000);
    const supportAgain = await makeOperator(t, 'sup-watch-2', ['support']);
    const waiting = ok(
      await list<{ rowId: number; hoursWaiting: number; bankName: string }>(
        OPS_API.queueWaiting,
        supportAgain,
      ),
    );
    expect(waiting.find((w) => w.rowId === rowId)).toMatchObject({ hoursWaiting: 25, bankName: '广发银行' });
    const diverted = ok(
      await list<{ loginId: string; destination: string }>(OPS_API.queueDiverted, supportAgain),
    );
    expect(diverted).toContainEqual(
      expect.objectContaining({ loginId: 'watch_wait', destination: '6222 **** **** 9999' }),
    );
    // the lock ended with the day; stop one again now
    for (let i = 0; i < 5; i++) await signInAttempt(t.app, 'watch_locked', 'Wrong9999', '10.2.2.2');
    const access = ok(
      await list<{ loginId: string; disabled: boolean; lockedUntil: string | null }>(
        OPS_API.queueAccess,
        supportAgain,
      ),
    );
    expect(access.find((a) => a.loginId === 'watch_stopped')).toMatchObject({
      disabled: true,
      lockedUntil: null,
    });
    expect(access.find((a) => a.loginId === 'watch_locked')?.lockedUntil).not.toBeNull();
    expect(access.map((a) => a.loginId)).not.toContain('watch_wait');
  });
});
