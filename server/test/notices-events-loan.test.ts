import { addDaysIso, type BankCallbackResult, type BankCode, formatYuan, shanghaiDate } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { applications, bankCallbacks, noticePreferences, sandboxBankJobs } from '../src/db/schema.ts';
import { RECONCILE_AFTER_MS, reconcileApplications } from '../src/modules/applications/reconcile.ts';
import { createLoanForDisbursement } from '../src/modules/loans/disburse.ts';
import type { TestApp } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { postBankCallback } from './helpers/bank-callback.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan, loanRows } from './helpers/loans.ts';
import { noticesOf, onlyNotice } from './helpers/notice-rows.ts';

/**
 * The notices of an application's life: the bank's approval and rejection (whichever way the decision arrives:
 * callback, reconciliation) and the disbursement, each once however often the event is reported.
 */

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

/** A bank's callback, signed as the bank signs it. */
const post = async (bank: BankCode, body: Record<string, unknown>): Promise<BankCallbackResult> =>
  (await postBankCallback(t, bank, body)).result;

/** A CRBANK application under review (its sandbox decision not yet due): the borrower, row id and bankRef. */
async function underReview(loginId: string) {
  const b = await makeReadyBorrower(t, loginId);
  const d = okResult(await api.create(b.token, 'CRB-RYD'));
  okResult(await api.submit(b.token, d.application.rowId, '100000', 6));
  const [row] = await t.db.select().from(applications).where(eq(applications.id, d.application.rowId));
  if (!row?.bankRef) throw new Error('not handed to the bank');
  return { b, rowId: row.id, bankRef: row.bankRef };
}

/** The last Shanghai minute an approval decided now may be signed in. */
const signByNow = () => `${addDaysIso(shanghaiDate(t.clock.now()), 7)} 23:59`;

describe('the bank decides', () => {
  it('an approval by callback: one notice with the bank, the approved amount and the signing deadline; replays add none', async () => {
    const { b, rowId, bankRef } = await underReview('nev_ok');
    const body = { eventId: 'NEV-1', bankRef, decision: 'APPROVE', approvedAmount: '90000.00' };
    expect((await post('CRBANK', body)).outcome).toBe('APPLIED');
    const notice = await onlyNotice(t, b.userId, 'APPLICATION_APPROVED');
    expect(notice).toMatchObject({
      category: 'LOAN',
      eventKey: `application:${rowId}:APPROVED`,
      title: '借款申请已通过，请签署合同',
      link: { page: 'APPLICATION', rowId },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
    expect(notice.body).toBe(
      `您在华润银行的借款申请已审批通过，批复金额 90,000.00 元。请在 ${signByNow()} 前签署借款合同，逾期未签署审批结果将失效。`,
    );
    expect(notice.sms).toBe(`【跨境电商融资服务平台】${notice.body}`);

    // the same callback again, another event of the same decision, and the sandbox's own (late) decision
    expect((await post('CRBANK', body)).outcome).toBe('DUPLICATE');
    expect((await post('CRBANK', { ...body, eventId: 'NEV-2' })).outcome).toBe('IGNORED');
    t.clock.advance(t.config.sandboxDecisionDelayMs + 1000);
    await deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });
    expect(await noticesOf(t, b.userId)).toHaveLength(1);
  });

  it("a rejection tells the bank's reason when it gave one, never the platform's; a channel turned off is SKIPPED", async () => {
    const given = await underReview('nev_no1');
    await t.db.insert(noticePreferences).values({
      userId: given.b.userId,
      category: 'LOAN',
      sms: false,
      email: true,
      updatedAt: t.clock.now(),
    });
    const body = {
      eventId: 'NEV-3',
      bankRef: given.bankRef,
      decision: 'REJECT',
      reason: '近半年经营流水不足',
    };
    expect((await post('CRBANK', body)).outcome).toBe('APPLIED');
    expect(await onlyNotice(t, given.b.userId, 'APPLICATION_REJECTED')).toMatchObject({
      category: 'LOAN',
      eventKey: `application:${given.rowId}:REJECTED`,
      title: '借款申请未通过',
      body: '很遗憾，您在华润银行的借款申请未获通过（近半年经营流水不足）。您可在借款记录中查看详情。',
      link: { page: 'LOAN', rowId: given.rowId },
      deliveries: { sms: 'SKIPPED', email: 'PENDING' },
    });
    expect((await post('CRBANK', body)).outcome).toBe('DUPLICATE');
    expect(await noticesOf(t, given.b.userId)).toHaveLength(1);

    const silent = await underReview('nev_no2');
    await post('CRBANK', { eventId: 'NEV-4', bankRef: silent.bankRef, decision: 'REJECT' });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, silent.rowId));
    expect(row?.decisionReason).toBe('合作机构未说明原因');
    expect(await onlyNotice(t, silent.b.userId, 'APPLICATION_REJECTED')).toMatchObject({
      body: '很遗憾，您在华润银行的借款申请未获通过。您可在借款记录中查看详情。',
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
  });

  it('reconciliation applies a lost decision with its notice; the late callback and another reconciliation add none', async () => {
    const lost = async (loginId: string, rejected: boolean) => {
      const b = await makeReadyBorrower(t, loginId, rejected ? { uscc: '12440300MA5FXXXX0X' } : {});
      const d = okResult(await api.create(b.token, rejected ? 'CRB-RYD' : 'YNIT-XT01'));
      const rowId = d.application.rowId;
      if (!rejected) okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
      okResult(await api.submit(b.token, rowId, '50000.00', 12));
      const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
      // the bank's callback is "lost": its job counts as delivered
      await t.db
        .update(sandboxBankJobs)
        .set({ deliveredAt: t.clock.now() })
        .where(eq(sandboxBankJobs.bankRef, row?.bankRef ?? ''));
      return { b, rowId, bankRef: row?.bankRef ?? '' };
    };
    const ok = await lost('nev_rec1', false);
    const no = await lost('nev_rec2', true);
    const ctx = {
      db: t.db,
      now: t.clock.now,
      log: t.app.log,
      banks: createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }),
    };
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    expect(await reconcileApplications(ctx)).toBeGreaterThanOrEqual(2);
    const approved = await onlyNotice(t, ok.b.userId, 'APPLICATION_APPROVED');
    expect(approved.body).toContain('您在云南国际信托的借款申请已审批通过，批复金额 50,000.00 元');
    expect(approved.body).toContain(`请在 ${signByNow()} 前签署`);
    const rejected = await onlyNotice(t, no.b.userId, 'APPLICATION_REJECTED');
    expect(rejected.body).toContain('（华润银行仅受理在市场监管部门登记的企业');
    expect(rejected.body).not.toContain('对账');

    // the lost callbacks arrive after all: refused by the state machine; a second reconciliation finds nothing
    for (const { bankRef } of [ok, no]) {
      await t.db
        .update(sandboxBankJobs)
        .set({ deliveredAt: null })
        .where(eq(sandboxBankJobs.bankRef, bankRef));
    }
    await deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });
    expect(await reconcileApplications(ctx)).toBe(0);
    expect(await noticesOf(t, ok.b.userId)).toHaveLength(1);
    expect(await noticesOf(t, no.b.userId)).toHaveLength(1);
  });
});

describe('the bank lends', () => {
  it('a disbursement: the amount, the first due date and what the first instalment asks; a replay adds none', async () => {
    const b = await makeReadyBorrower(t, 'nev_loan');
    const rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
    const { loan, rows } = await loanRows(t, rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalments');
    const firstDue = formatYuan(first.principalFen + first.interestFen + first.feeFen);
    const notice = await onlyNotice(t, b.userId, 'LOAN_DISBURSED');
    expect(notice).toMatchObject({
      category: 'LOAN',
      eventKey: `loan:${loan.id}:DISBURSED`,
      title: '借款已放款',
      body: `您在云南国际信托的借款 120,000.00 元 已放款。首期还款日 ${first.dueDate}，应还 ${firstDue} 元。`,
      link: { page: 'LOAN', rowId },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
    // the approval before it, told once too
    expect((await noticesOf(t, b.userId)).map((n) => n.kind)).toEqual([
      'APPLICATION_APPROVED',
      'LOAN_DISBURSED',
    ]);

    // the DISBURSE callback again (DUPLICATE), as a new event (IGNORED), and the loan made again (nothing)
    const [disburse] = await t.db
      .select()
      .from(bankCallbacks)
      .where(and(eq(bankCallbacks.applicationId, rowId), eq(bankCallbacks.outcome, 'APPLIED')))
      .then((cbs) => cbs.filter((cb) => cb.payload.decision === 'DISBURSE'));
    if (!disburse) throw new Error('no DISBURSE callback');
    expect((await post('YNIT', disburse.payload)).outcome).toBe('DUPLICATE');
    expect((await post('YNIT', { ...disburse.payload, eventId: `${disburse.eventId}-again` })).outcome).toBe(
      'IGNORED',
    );
    const [app] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    if (!app) throw new Error('no application');
    expect(await t.db.transaction((tx) => createLoanForDisbursement(tx, app, t.clock.now()))).toBeNull();
    expect(await noticesOf(t, b.userId, 'LOAN_DISBURSED')).toHaveLength(1);
  });
});
