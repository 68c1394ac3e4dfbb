import type { ApplicationDetail, EarlySettleResult } from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks, sandboxBankRef } from '../src/adapters/banks/sandbox.ts';
import {
  applicationEvents,
  applications,
  ledgerTransactions,
  loans,
  partnerCallEvents,
  partnerCalls,
  sandboxBankJobs,
  sandboxBankRequests,
  settlementRequests,
} from '../src/db/schema.ts';
import { CALL_LEASE_MS } from '../src/modules/partner-calls/claims.ts';
import {
  PARTNER_CALL_RECONCILE_AFTER_MS,
  reconcileAll,
  reconcilePartnerCalls,
} from '../src/modules/partner-reconcile/reconcile.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan, loanRows, settlementCalls } from './helpers/loans.ts';
import { openSubAccountAt } from './helpers/receiving.ts';
import { type BankCall, type CountingBanks, countingBanks } from './helpers/two-apps.ts';

let t: TestApp;
let bank: CountingBanks;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  bank = countingBanks();
  t = await createTestApp({ banks: bank.banks });
  bank.setInner(createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }));
  api = applicationCalls(t);
});
afterAll(async () => t.close());

const { quoteOf, settleAndPay } = settlementCalls(() => t);

const ctx = () => ({ db: t.db, now: t.clock.now, banks: bank.banks, log: t.app.log });

const callsFor = (operation: BankCall['operation'], subject: string) =>
  bank.calls.filter((c) => c.operation === operation && c.key.includes(`.${subject}.`));

/** Makes the next call of this operation go wrong once, then lets every call through. */
function once(operation: BankCall['operation'], what: (call: BankCall) => Promise<void>) {
  return async (c: BankCall) => {
    if (c.operation !== operation) return;
    bank.before = null;
    bank.after = null;
    await what(c);
  };
}

/** Waits for a condition by asking again (no fixed sleep, no deadline of its own). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}

async function claimsOf(subject: string) {
  const rows = await t.db
    .select()
    .from(partnerCalls)
    .where(eq(partnerCalls.subject, subject))
    .orderBy(asc(partnerCalls.id));
  const events = await t.db.select().from(partnerCallEvents).orderBy(asc(partnerCallEvents.id));
  return rows.map((r) => ({ ...r, moves: events.filter((e) => e.callId === r.id).map((e) => e.event) }));
}

describe('claims left open are finished by reconcilePartnerCalls with the same idempotency key', () => {
  it('a submission whose answer was lost: asked again with the same key, the same bankRef, no second effect', async () => {
    const b = await makeReadyBorrower(t, 'rcsubmit');
    const d = okResult(await api.create(b.token, 'CGB-DPJY'));
    const rowId = d.application.rowId;
    // the bank makes its effect, the answer is lost on the way back
    bank.after = once('submit', async () => {
      throw new Error('socket hang up');
    });
    const stuck = okResult(await api.submit(b.token, rowId, '100000', 12));
    expect(stuck.application.state).toBe('SUBMITTED');
    // a withdrawal while the submission is unanswered would leave the bank holding it: 3504
    const early = await api.cancel(b.token, rowId);
    expect(early.response.rspCode).toBe('3504');

    expect(await reconcilePartnerCalls(ctx())).toBe(0);
    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    expect(await reconcilePartnerCalls(ctx())).toBe(1);

    const asked = callsFor('submit', `application-${rowId}`);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key).toBe(asked[0]?.key);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(row?.state).toBe('UNDER_REVIEW');
    expect(row?.bankRef).toBe(sandboxBankRef('CGB', rowId, asked[0]?.key ?? ''));
    expect(
      await t.db
        .select()
        .from(sandboxBankJobs)
        .where(eq(sandboxBankJobs.bankRef, row?.bankRef ?? '')),
    ).toHaveLength(1);
    const keys = await t.db
      .select()
      .from(sandboxBankRequests)
      .where(eq(sandboxBankRequests.idempotencyKey, asked[0]?.key ?? ''));
    expect(keys).toHaveLength(1);
    const [claim] = await claimsOf(`application-${rowId}`);
    expect(claim).toMatchObject({ state: 'SUCCEEDED', attempts: 2, lastError: 'socket hang up' });
    expect(claim?.moves).toEqual(['CLAIM', 'FAIL', 'TAKE_OVER', 'SUCCEED']);
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));
    expect(events.filter((e) => e.event === 'START_REVIEW')).toHaveLength(1);
    // nothing left to do
    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    expect(await reconcilePartnerCalls(ctx())).toBe(0);
    expect(callsFor('submit', `application-${rowId}`)).toHaveLength(2);
  });

  it('a cancel that hangs: held while its lease runs, then taken over; the late answer changes nothing', async () => {
    const b = await makeReadyBorrower(t, 'rccancel');
    const d = okResult(await api.create(b.token, 'CGB-DPJY'));
    const rowId = d.application.rowId;
    okResult(await api.submit(b.token, rowId, '100000', 12));
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    bank.before = once('cancel', () => hung);
    const pending = api.cancel(b.token, rowId, '不要了');
    await until(() => callsFor('cancel', `application-${rowId}`).length === 1);

    // while the first caller waits: others hear it is in progress, reconciliation leaves it alone
    const meanwhile = await api.cancel(b.token, rowId, '不要了');
    expect(meanwhile.response.rspCode).toBe('3504');
    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    expect(await reconcilePartnerCalls(ctx())).toBe(0);

    t.clock.advance(CALL_LEASE_MS);
    expect(await reconcilePartnerCalls(ctx())).toBe(1);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(row?.state).toBe('WITHDRAWN');

    release();
    const late = await pending;
    expect(late.response.rspCode).toBe('0000');
    expect((late.result as ApplicationDetail).application.state).toBe('WITHDRAWN');

    const asked = callsFor('cancel', `application-${rowId}`);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key).toBe(asked[0]?.key);
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));
    expect(events.filter((e) => e.event === 'WITHDRAW')).toHaveLength(1);
    const markers = (
      await t.db
        .select()
        .from(sandboxBankJobs)
        .where(eq(sandboxBankJobs.bankRef, row?.bankRef ?? ''))
    ).filter((j) => j.payload.sandboxCancelled === true);
    expect(markers).toHaveLength(1);
    const [claim] = (await claimsOf(`application-${rowId}`)).filter((c) => c.operation === 'BANK_CANCEL');
    expect(claim).toMatchObject({ state: 'SUCCEEDED', attempts: 2 });
    expect(claim?.moves).toEqual(['CLAIM', 'TAKE_OVER', 'SUCCEED']);
  });

  it('a paid settlement the bank did not answer: the loan is settled, the bank told again by reconciliation with the same key, money once', async () => {
    const b = await makeReadyBorrower(t, 'rcsettle');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    bank.before = once('settle', async () => {
      throw new Error('timeout');
    });
    await settleAndPay(b.token, loan.id, quote.total);
    const [open] = await t.db.select().from(settlementRequests).where(eq(settlementRequests.loanId, loan.id));
    expect(open).toMatchObject({ status: 'SETTLED', bankStatus: null });
    const [before] = await t.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(before?.status).toBe('SETTLED');
    expect(callsFor('settle', `settlement-${open?.id}`)).toHaveLength(1);

    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    await reconcileAll(ctx());
    const [told] = await t.db.select().from(settlementRequests).where(eq(settlementRequests.loanId, loan.id));
    expect(told).toMatchObject({ status: 'SETTLED', bankStatus: 'ACCEPTED' });
    const asked = callsFor('settle', `settlement-${open?.id}`);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key).toBe(asked[0]?.key);
    const lines = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.loanId, loan.id));
    expect(lines.filter((l) => l.type === 'EARLY_SETTLEMENT')).toHaveLength(1);

    // a confirmation now sees the loan as it stands; no further bank call
    const again = await call<EarlySettleResult>(
      t.app,
      'POST',
      '/loanMgr/earlySettle',
      { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' },
      { token: b.token },
    );
    expect(again.response.rspCode).toBe('3602');
    expect(callsFor('settle', `settlement-${open?.id}`)).toHaveLength(2);
  });

  it('telling the bank about a signed contract that failed: told again with the same key, one disbursement', async () => {
    const b = await makeReadyBorrower(t, 'rcsign');
    const d = okResult(await api.create(b.token, 'CGB-DPJY'));
    const rowId = d.application.rowId;
    okResult(await api.submit(b.token, rowId, '100000', 12));
    await deliverAfterDelay(t);
    await openSubAccountAt(t, b, 'CGB');
    bank.before = once('contractSigned', async () => {
      throw new Error('connection reset');
    });
    const signed = okResult(await api.sign(b.token, rowId));
    expect(signed.application.state).toBe('SIGNED');
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    const disbursements = async () =>
      (
        await t.db
          .select()
          .from(sandboxBankJobs)
          .where(eq(sandboxBankJobs.bankRef, row?.bankRef ?? ''))
      ).filter((j) => j.payload.decision === 'DISBURSE');
    expect(await disbursements()).toHaveLength(0);

    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    expect(await reconcilePartnerCalls(ctx())).toBe(1);
    const asked = callsFor('contractSigned', `application-${rowId}`);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key).toBe(asked[0]?.key);
    expect(await disbursements()).toHaveLength(1);
    await deliverAfterDelay(t);
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toHaveLength(1);
  });
});
