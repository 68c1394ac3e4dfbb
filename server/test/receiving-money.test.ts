import { type PayoutView, RSP } from '@loan/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxMarketplace } from '../src/adapters/marketplace/sandbox.ts';
import {
  instalments,
  ledgerTransactions,
  loans,
  receivingSettings,
  sandboxPayoutPointings,
  settlementChecks,
} from '../src/db/schema.ts';
import { checkLockedPayouts } from '../src/modules/receiving-account/payouts.ts';
import { call, codeOf, createTestApp, login, MINUTE, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan } from './helpers/loans.ts';
import { noticesOf } from './helpers/notice-rows.ts';
import { sentTo } from './helpers/outbox.ts';
import { giveStoreToken, openSubAccountAt, receivingCalls } from './helpers/receiving.ts';

let t: TestApp;
let lock: ReturnType<typeof receivingCalls>;

beforeAll(async () => {
  t = await createTestApp();
  lock = receivingCalls(t);
});
afterAll(async () => t.close());

const email = (b: ReadyBorrower) => `${b.loginId}@example.com`;

/** A borrower with an OPEN sub-account at FUIOU (a draft application makes the bank eligible). */
async function withAccount(loginId: string): Promise<ReadyBorrower> {
  const b = await makeReadyBorrower(t, loginId);
  okResult(await applicationCalls(t).create(b.token, 'FUIOU-HKD'));
  await openSubAccountAt(t, b, 'FUIOU');
  return b;
}

/**
 * The amount the bank sent to this borrower's settlement account, in yuan: the deposit of the borrower's newest
 * check (the test clock stands still, so deposits of several borrowers share one time: never the newest row overall).
 */
async function depositTo(b: ReadyBorrower): Promise<string> {
  const [row] = await t.db
    .select({ fen: settlementChecks.depositFen })
    .from(settlementChecks)
    .where(eq(settlementChecks.userId, b.userId))
    .orderBy(desc(settlementChecks.id))
    .limit(1);
  if (!row) throw new Error(`no settlement check of ${b.loginId}`);
  return `0.${String(row.fen).padStart(2, '0')}`;
}

const wrongOf = (amount: string) => (amount === '0.50' ? '0.51' : '0.50');

describe('the settlement account (small deposit)', () => {
  it('needs an OPEN sub-account (2111) and 8–30 digits (2110); the deposit is told through the outbox', async () => {
    const bare = await makeReadyBorrower(t, 'rset0');
    expect(codeOf(await lock.settlement(bare.token, '招商银行深圳分行', '755912345678'))).toBe(
      RSP.SUB_ACCOUNT_NOT_OPEN,
    );
    const b = await withAccount('rset1');
    const before = await tableCounts(t.db);
    expect(codeOf(await lock.settlement(b.token, '招商银行深圳分行', '7559-1234'))).toBe(
      RSP.INVALID_CORPORATE_ACCOUNT,
    );
    expect(await tableCounts(t.db)).toEqual(before);
    const pending = okResult(await lock.settlement(b.token, '招商银行深圳分行', '755912345678'));
    expect(pending.settlement).toMatchObject({
      state: 'PENDING',
      triesLeft: 3,
      accountNoMasked: '7559 **** **** 5678',
      accountName: '深圳市跨境优选贸易有限公司',
    });
    const amount = await depositTo(b);
    const [message] = await sentTo(t.app, email(b));
    expect(message?.body).toContain(`入账 ${amount} 元`);
    expect(message?.body).toContain('【沙箱】');
    const verified = okResult(await lock.verify(b.token, amount));
    expect(verified.settlement).toMatchObject({ state: 'VERIFIED', triesLeft: 0 });
    expect(verified.settlement?.verifiedAt).not.toBeNull();
    expect(codeOf(await lock.verify(b.token, amount))).toBe(RSP.SETTLEMENT_CHECK_NOT_FOUND);
  });

  it('three wrong entries fail the check (2106, 2106, 2107); then even the right one is refused', async () => {
    const b = await withAccount('rset2');
    okResult(await lock.settlement(b.token, '建设银行', '44050112345678'));
    const amount = await depositTo(b);
    const first = await lock.verify(b.token, wrongOf(amount));
    expect(first.response).toMatchObject({ rspCode: RSP.SETTLEMENT_AMOUNT_WRONG });
    expect(first.response.rspDesc).toContain('还可输入 2 次');
    expect(codeOf(await lock.verify(b.token, wrongOf(amount)))).toBe(RSP.SETTLEMENT_AMOUNT_WRONG);
    expect(codeOf(await lock.verify(b.token, wrongOf(amount)))).toBe(RSP.SETTLEMENT_CHECK_FAILED);
    expect(codeOf(await lock.verify(b.token, amount))).toBe(RSP.SETTLEMENT_CHECK_FAILED);
    expect(okResult(await lock.view(b.token)).settlement?.state).toBe('FAILED');
    expect(codeOf(await lock.verify(b.token, 'abc'))).toBe(RSP.INVALID_INPUT);
  });

  it('expires after 7 days (2108)', async () => {
    const b = await withAccount('rset3');
    okResult(await lock.settlement(b.token, '建设银行', '44050112345678'));
    const amount = await depositTo(b);
    t.clock.advance(7 * DAY + 1000);
    b.token = await login(t.app, b.loginId, b.password);
    expect(okResult(await lock.view(b.token)).settlement?.state).toBe('EXPIRED');
    expect(codeOf(await lock.verify(b.token, amount))).toBe(RSP.SETTLEMENT_CHECK_EXPIRED);
  });

  it('caps new deposits per day (3, then 2109) and entries per day (10, then 2109)', async () => {
    const b = await withAccount('rset4');
    for (let i = 0; i < 3; i += 1) okResult(await lock.settlement(b.token, '建设银行', `4405011234567${i}`));
    expect(codeOf(await lock.settlement(b.token, '建设银行', '44050112345679'))).toBe(
      RSP.SETTLEMENT_DAILY_LIMIT,
    );
    t.clock.advance(DAY);
    b.token = await login(t.app, b.loginId, b.password);
    // the next day: yesterday's pending check takes 3 wrong entries, two new ones 3 each, a third one 1 more
    const wrongTimes = async (n: number) => {
      const amount = await depositTo(b);
      for (let i = 0; i < n; i += 1) {
        const code = codeOf(await lock.verify(b.token, wrongOf(amount)));
        expect([RSP.SETTLEMENT_AMOUNT_WRONG, RSP.SETTLEMENT_CHECK_FAILED]).toContain(code);
      }
    };
    await wrongTimes(3);
    for (let round = 0; round < 2; round += 1) {
      okResult(await lock.settlement(b.token, '建设银行', `4405011234568${round}`));
      await wrongTimes(3);
    }
    okResult(await lock.settlement(b.token, '建设银行', '44050112345690'));
    await wrongTimes(1);
    const amount = await depositTo(b);
    expect(codeOf(await lock.verify(b.token, amount))).toBe(RSP.SETTLEMENT_DAILY_LIMIT);
    expect(okResult(await lock.view(b.token)).settlement).toMatchObject({ state: 'PENDING', triesLeft: 2 });
  });
});

describe('where the payouts go', () => {
  const point = (b: ReadyBorrower, to: string) =>
    call<PayoutView>(t.app, 'POST', '/dev/sandbox/pointPayouts', { loginId: b.loginId, to });

  it('unlocked: 未指向 until pointed, 核实中 while the marketplace verifies, then 已指向', async () => {
    const b = await withAccount('rpay1');
    await giveStoreToken(t, b.userId);
    expect(okResult(await lock.recheck(b.token)).payout.state).toBe('NOT_POINTED');
    expect(okResult(await point(b, 'PENDING')).state).toBe('CHECKING');
    expect(okResult(await point(b, 'OTHER')).state).toBe('NOT_POINTED');
    const pointed = okResult(await point(b, 'SUB_ACCOUNT'));
    expect(pointed).toMatchObject({ state: 'POINTED', note: null });
    expect(okResult(await lock.view(b.token)).payout.state).toBe('POINTED');
  });

  it('locked: a diversion is 异常 with one notice per diversion; the daily job finds it too', async () => {
    const b = await makeReadyBorrower(t, 'rpay2');
    await disburseLoan(t, b, 'CGB-KJED', '100000', 6);
    await giveStoreToken(t, b.userId);
    expect(okResult(await point(b, 'SUB_ACCOUNT')).state).toBe('POINTED');
    // the borrower's notices (the notices' delivery sends their SMS and e-mail: notices-delivery.test.ts)
    const notices = () => noticesOf(t, b.userId, 'RECEIVING_ACCOUNT');

    expect(okResult(await point(b, 'OTHER')).state).toBe('DIVERTED');
    expect(okResult(await lock.recheck(b.token)).payout.state).toBe('DIVERTED');
    expect(await notices()).toHaveLength(1);

    expect(okResult(await point(b, 'SUB_ACCOUNT')).state).toBe('POINTED');
    // a diversion's notice is keyed by when it was told: a new one a minute later
    t.clock.advance(MINUTE);
    await point(b, 'OTHER');
    expect(await notices()).toHaveLength(2);

    // the job: pointed again, then diverted behind the portal's back; a day later the job finds it
    await point(b, 'SUB_ACCOUNT');
    await t.db
      .update(sandboxPayoutPointings)
      .set({ target: 'OTHER', accountNo: null })
      .where(eq(sandboxPayoutPointings.target, 'SUB_ACCOUNT'));
    const ctx = {
      db: t.db,
      now: t.clock.now,
      config: t.config,
      log: t.app.log,
      marketplace: createSandboxMarketplace(t.db),
    };
    expect(await checkLockedPayouts(ctx)).toEqual({ checked: 0, diverted: 0 }); // checked within the day
    t.clock.advance(DAY + 1000);
    const run = await checkLockedPayouts(ctx);
    expect(run.diverted).toBeGreaterThanOrEqual(1);
    expect(await notices()).toHaveLength(3);
    const [settings] = await t.db
      .select()
      .from(receivingSettings)
      .where(eq(receivingSettings.userId, b.userId));
    expect(settings?.payoutState).toBe('DIVERTED');
  });
});

describe('the repayment method', () => {
  it('STORE_PAYOUT (default) is collected from payouts; ACTIVE_REPAY is left to repay-now and turns overdue', async () => {
    const payer = await makeReadyBorrower(t, 'rpm1');
    const active = await makeReadyBorrower(t, 'rpm2');
    expect(codeOf(await lock.paidMethod(active.token, 'SOMETIMES'))).toBe(RSP.INVALID_INPUT);
    expect(okResult(await lock.paidMethod(active.token, 'ACTIVE_REPAY')).paidMethod).toBe('ACTIVE_REPAY');
    const payerRow = await disburseLoan(t, payer, 'YNIT-XT01', '100000', 6);
    const activeRow = await disburseLoan(t, active, 'YNIT-XT01', '100000', 6);
    const loanOf = async (rowId: number) => {
      const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
      if (!loan) throw new Error('no loan');
      return loan;
    };
    const payerLoan = await loanOf(payerRow);
    const activeLoan = await loanOf(activeRow);
    await advanceAndCollect(t, 32 * DAY);
    const repayments = async (loanId: number) =>
      t.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.loanId, loanId), eq(ledgerTransactions.type, 'REPAYMENT')));
    expect((await repayments(payerLoan.id)).length).toBeGreaterThan(0);
    expect(await repayments(activeLoan.id)).toEqual([]);
    const [first] = await t.db
      .select()
      .from(instalments)
      .where(and(eq(instalments.loanId, activeLoan.id), eq(instalments.seq, 1)));
    expect(first?.status).toBe('OVERDUE');
    expect((await loanOf(activeRow)).status).toBe('OVERDUE');
  });
});

describe('the lock after settlement', () => {
  it('refused while the loan is outstanding (2103), allowed once it is settled: a new opening, history kept', async () => {
    const b = await makeReadyBorrower(t, 'rlock1');
    await disburseLoan(t, b, 'CGB-KJED', '100000', 6);
    okResult(await applicationCalls(t).create(b.token, 'FUIOU-HKD'));
    const refused = await lock.open(b.token, 'FUIOU');
    expect(refused.response.rspCode).toBe(RSP.RECEIVING_ACCOUNT_LOCKED);
    expect(refused.response.rspDesc).toContain('尚未结清');
    // every instalment collected from the payouts: the loan settles and the lock lifts
    await advanceAndCollect(t, 200 * DAY);
    b.token = await login(t.app, b.loginId, b.password);
    const unlocked = okResult(await lock.view(b.token));
    expect(unlocked.lock).toMatchObject({ locked: false, reasons: [] });
    const changed = await openSubAccountAt(t, b, 'FUIOU');
    expect(changed.current?.bankCode).toBe('FUIOU');
    expect(changed.history).toMatchObject([{ bankCode: 'CGB', state: 'CLOSED' }]);
  });
});
