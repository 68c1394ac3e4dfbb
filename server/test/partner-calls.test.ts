import type { ApplicationDetail, EarlySettleResult } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applications,
  auditLog,
  ledgerTransactions,
  loans,
  partnerCalls,
  sandboxBankJobs,
  settlementRequests,
} from '../src/db/schema.ts';
import { call, type TestApp } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan, loanRows, settlementCalls } from './helpers/loans.ts';
import { deliverNotifies, payCalls } from './helpers/payments.ts';
import { openSubAccountAt } from './helpers/receiving.ts';
import { type BankCall, type CountingBanks, createTwoApps, type SecondApp } from './helpers/two-apps.ts';

let t: TestApp;
let second: SecondApp;
let bank: CountingBanks;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, second, bank } = await createTwoApps());
  api = applicationCalls(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const { quoteOf } = settlementCalls(() => t);

const N = 20;

/** Waits for a condition by asking again (no fixed sleep, no deadline of its own). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The same request N times at once, alternating between the two app instances. The bank holds the first call of
 * `operation` until every other request has been answered, so they all meet the claim while it is open (a
 * second call releases it too, and the test then counts it).
 */
async function burst<T>(
  path: string,
  body: Record<string, unknown>,
  token: string,
  operation: BankCall['operation'],
) {
  let answered = 0;
  const seen = bank.calls.length;
  bank.before = async (c) => {
    if (c.operation !== operation) return;
    await until(() => answered >= N - 1 || bank.calls.length - seen > 1);
  };
  try {
    return await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const answer = await call<T>(i % 2 === 0 ? t.app : second.app, 'POST', path, body, { token });
        answered += 1;
        return answer;
      }),
    );
  } finally {
    bank.before = null;
  }
}

const callsFor = (operation: string, subject: string) =>
  bank.calls.filter((c) => c.operation === operation && c.key.includes(`.${subject}.`));

async function eventsOf(rowId: number) {
  return t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, rowId));
}

/** A draft of CGB-DPJY (no further borrower step before submission). */
async function draft(loginId: string): Promise<{ b: ReadyBorrower; rowId: number }> {
  const b = await makeReadyBorrower(t, loginId);
  const d = okResult(await api.create(b.token, 'CGB-DPJY'));
  return { b, rowId: d.application.rowId };
}

describe('two app instances on one database: one partner call per decision', () => {
  it('20 concurrent submits of one application → one bank submission, one bankRef; the others answer as it stands', async () => {
    const { b, rowId } = await draft('pcsubmit');
    const answers = await burst<ApplicationDetail>(
      '/loanMgr/submitApplication',
      { rowId, amount: '100000', termMonths: 12, purpose: '采购备货' },
      b.token,
      'submit',
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(['0000', '3001']).toContain(a.response.rspCode);
    }
    const ok = answers.filter((a) => a.response.rspCode === '0000');
    expect(ok.length).toBeGreaterThan(0);
    for (const a of ok) expect(['SUBMITTED', 'UNDER_REVIEW']).toContain(a.result.application.state);

    expect(callsFor('submit', `application-${rowId}`)).toHaveLength(1);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(row).toMatchObject({ state: 'UNDER_REVIEW', amountFen: 100_000_00 });
    expect(row?.bankRef).toMatch(/^CGB-\d+-[0-9a-f]{8}$/);
    const jobs = await t.db
      .select()
      .from(sandboxBankJobs)
      .where(eq(sandboxBankJobs.bankRef, row?.bankRef ?? ''));
    expect(jobs).toHaveLength(1);
    const events = (await eventsOf(rowId)).map((e) => e.event);
    expect(events.filter((e) => e === 'SUBMIT')).toHaveLength(1);
    expect(events.filter((e) => e === 'START_REVIEW')).toHaveLength(1);
    const claims = await t.db
      .select()
      .from(partnerCalls)
      .where(eq(partnerCalls.subject, `application-${rowId}`));
    expect(claims.map((c) => [c.operation, c.state, c.attempts])).toEqual([['BANK_SUBMIT', 'SUCCEEDED', 1]]);
    expect(claims[0]?.answer).toMatchObject({ accepted: true, bankRef: row?.bankRef });
  });

  it('20 concurrent cancels → one cancel instruction; the others hear it is in progress or already done', async () => {
    const { b, rowId } = await draft('pccancel');
    okResult(await api.submit(b.token, rowId, '100000', 12));
    const answers = await burst<ApplicationDetail>(
      '/loanMgr/advanceCancel',
      { rowId, reason: '不需要了' },
      b.token,
      'cancel',
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(['0000', '3504', '3003']).toContain(a.response.rspCode);
    }
    const ok = answers.filter((a) => a.response.rspCode === '0000');
    expect(ok.length).toBeGreaterThan(0);
    for (const a of ok) expect(a.result.application.state).toBe('WITHDRAWN');
    // the bank held the winner's call until the others were answered: each of them met the open claim
    expect(answers.filter((x) => x.response.rspCode === '3504')).toHaveLength(N - 1);
    for (const a of answers.filter((x) => x.response.rspCode === '3504')) {
      expect(a.response.rspDesc).toBe('已向广发银行申请取消，正在等待处理结果，请稍后刷新查看');
    }

    expect(callsFor('cancel', `application-${rowId}`)).toHaveLength(1);
    const events = (await eventsOf(rowId)).map((e) => e.event);
    expect(events.filter((e) => e === 'WITHDRAW')).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application.cancelled'));
    expect(audits.filter((a) => a.userId === b.userId)).toHaveLength(1);
  });

  it('20 concurrent signings → the bank told once, one disbursement', async () => {
    const b = await makeReadyBorrower(t, 'pcsign');
    const d = okResult(await api.create(b.token, 'SHRB-DDD'));
    const rowId = d.application.rowId;
    if (d.steps.some((s) => s.key === 'FACE_VERIFY' && s.status !== 'DONE')) {
      okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
    }
    okResult(await api.submit(b.token, rowId, '30000', 3));
    await deliverAfterDelay(t);
    const approved = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    if (approved.steps.some((s) => s.key === 'OPEN_COLLECTION_ACCOUNT' && s.status !== 'DONE')) {
      await openSubAccountAt(t, b, approved.application.bank);
    }
    const contract = okResult(await api.contract(b.token, rowId));
    t.clock.advance(contract.minReadSeconds * 1000);
    const answers = await burst<ApplicationDetail>(
      '/loanMgr/signContract',
      { rowId, textHash: contract.textHash, readToken: contract.readToken },
      b.token,
      'contractSigned',
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(['0000', '3001']).toContain(a.response.rspCode);
    }
    expect(callsFor('contractSigned', `application-${rowId}`)).toHaveLength(1);
    await deliverAfterDelay(t);
    const after = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(after.application.state).toBe('DISBURSED');
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toHaveLength(1);
  });

  it('20 concurrent early-settlement confirmations on two servers → one request and one order; once paid, one bank call, the money right', async () => {
    const b = await makeReadyBorrower(t, 'pcsettle');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    const body = { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' };
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call<EarlySettleResult>(i % 2 === 0 ? t.app : second.app, 'POST', '/loanMgr/earlySettle', body, {
          token: b.token,
        }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(['0000', '3808']).toContain(a.response.rspCode);
    }
    const ok = answers.filter((a) => a.response.rspCode === '0000');
    expect(ok).toHaveLength(1);
    expect(ok[0]?.result.order).toMatchObject({
      purpose: 'SETTLEMENT',
      status: 'CREATED',
      amount: quote.total,
    });
    // nothing is asked of the bank before the money is in
    const requests = () =>
      t.db.select().from(settlementRequests).where(eq(settlementRequests.loanId, loan.id));
    expect((await requests()).map((r) => r.status)).toEqual(['REQUESTED']);
    expect(bank.calls.filter((c) => c.operation === 'settle' && c.bank === loan.bank)).toHaveLength(0);

    okResult(await payCalls(t).cashier(b.token, ok[0]?.result.order.outTradeNo ?? ''));
    expect(await deliverNotifies(t)).toBe(1);
    const [settled] = await requests();
    expect(settled?.status).toBe('SETTLED');
    expect(callsFor('settle', `settlement-${settled?.id}`)).toHaveLength(1);
    expect(bank.calls.filter((c) => c.operation === 'settle' && c.bank === loan.bank).length).toBe(1);
    const lines = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.loanId, loan.id));
    const settlements = lines.filter((l) => l.type === 'EARLY_SETTLEMENT');
    expect(settlements).toHaveLength(1);
    expect(settlements[0]?.amountFen).toBe(-Math.round(Number(quote.total) * 100));
    const [after] = await t.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(after).toMatchObject({ status: 'SETTLED', outstandingPrincipalFen: 0 });
  });
});
