import type { ApplicationDetail } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { applicationEvents, auditLog, sandboxBankJobs } from '../src/db/schema.ts';
import { RECONCILE_AFTER_MS, reconcileApplications } from '../src/modules/applications/reconcile.ts';
import type { TestApp } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';

/**
 * A bank's callback can be lost (network, our outage). Applications under review for longer than
 * RECONCILE_AFTER_MS are reconciled by asking the bank (adapter query) and applying its answer.
 */

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
const context = () => ({
  db: t.db,
  now: t.clock.now,
  log: t.app.log,
  banks: createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }),
});

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(() => t.close());

/**
 * Submits an application and "loses" the bank's decision callback: the job counts as sent, nothing arrived.
 * `rejected`: a CRBANK application of a company CRBANK does not lend to (USCC not starting with 9), which its
 * sandbox rejects (the portal refuses an amount above the store's limit itself, so that is no way to a REJECT).
 */
async function underReviewWithLostCallback(loginId: string, amount: string, rejected = false) {
  const borrower = await makeReadyBorrower(t, loginId, rejected ? { uscc: '12440300MA5FXXXX0X' } : {});
  const draft = okResult(await api.create(borrower.token, rejected ? 'CRB-RYD' : 'YNIT-XT01'));
  const rowId = draft.application.rowId;
  if (!rejected) okResult(await api.completeStep(borrower.token, rowId, 'FACE_VERIFY'));
  const submitted = okResult(await api.submit(borrower.token, rowId, amount, 12, '采购备货'));
  expect(submitted.application.state).toBe('UNDER_REVIEW');
  const bankRef = `${rejected ? 'CRBANK' : 'YNIT'}-${rowId}-`;
  const jobs = await t.db.select().from(sandboxBankJobs);
  const job = jobs.find((j) => j.bankRef.startsWith(bankRef));
  if (!job) throw new Error('no sandbox job');
  await t.db
    .update(sandboxBankJobs)
    .set({ deliveredAt: t.clock.now() })
    .where(eq(sandboxBankJobs.id, job.id));
  return { borrower, rowId, job };
}

describe('reconciliation of applications whose decision never arrived', () => {
  it('leaves a fresh review alone, then applies what the bank reports, with who, when and why', async () => {
    const approved = await underReviewWithLostCallback('recon_ok', '50000.00');
    const rejected = await underReviewWithLostCallback('recon_no', '90000.00', true);

    expect(await reconcileApplications(context())).toBe(0);
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    expect(await reconcileApplications(context())).toBe(2);

    const ok = okResult(await api.detail(approved.borrower.token, { rowId: String(approved.rowId) }));
    expect(ok.application.state).toBe('APPROVED');
    expect(ok.application.approvedAmount).toBe('50000.00');
    const last = ok.timeline.at(-1);
    expect(last).toMatchObject({ event: 'APPROVE', actor: 'BANK', toState: 'APPROVED' });
    expect(last?.reason).toContain('对账');

    const no = okResult(await api.detail(rejected.borrower.token, { rowId: String(rejected.rowId) }));
    expect(no.application.state).toBe('REJECTED');
    expect(no.application.decisionReason).toContain('统一社会信用代码以 9 开头');

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application.reconciled'));
    expect(audits).toHaveLength(2);
    // nothing left to reconcile
    expect(await reconcileApplications(context())).toBe(0);
  });

  it('a callback arriving after reconciliation changes nothing', async () => {
    const { borrower, rowId, job } = await underReviewWithLostCallback('recon_late', '60000.00');
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    await reconcileApplications(context());
    const before = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));
    // the bank finally delivers the lost callback
    await t.db
      .update(sandboxBankJobs)
      .set({ deliveredAt: null })
      .where(and(eq(sandboxBankJobs.id, job.id)));
    await deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });
    const after = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));
    expect(after).toHaveLength(before.length);
    const detail = okResult(await api.detail(borrower.token, { rowId: String(rowId) })) as ApplicationDetail;
    expect(detail.application.state).toBe('APPROVED');
  });

  it('a bank that cannot be reached is asked again next time', async () => {
    const { borrower, rowId } = await underReviewWithLostCallback('recon_down', '70000.00');
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    const down = { ...context(), banks: { ...context().banks } };
    down.banks.YNIT = { ...down.banks.YNIT, query: () => Promise.reject(new Error('timeout')) };
    expect(await reconcileApplications(down)).toBe(0);
    expect(okResult(await api.detail(borrower.token, { rowId: String(rowId) })).application.state).toBe(
      'UNDER_REVIEW',
    );
    expect(await reconcileApplications(context())).toBe(1);
  });
});
