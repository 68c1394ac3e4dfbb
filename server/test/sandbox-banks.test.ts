import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSubmission } from '../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks, sandboxBankRef, sandboxDecision } from '../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { sandboxBankJobs, sandboxBankRequests } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const submission = (over: Partial<BankSubmission> = {}): BankSubmission => ({
  applicationId: 7,
  bank: 'YNIT',
  productCode: 'YNIT-XT01',
  productType: 'CREDIT',
  amountFen: 720_000_00,
  termMonths: 12,
  purpose: '备货',
  companyName: '测试公司',
  uscc: '91350100M000100Y43',
  annualSalesFen: 2_400_000_00,
  ...over,
});

describe('sandbox bank rules', () => {
  it('approve up to 30 % of annual sales, reject above with the limit, CRBANK only USCC starting with 9', () => {
    expect(sandboxDecision(submission())).toEqual({ decision: 'APPROVE', approvedAmount: '720000.00' });
    expect(sandboxDecision(submission({ amountFen: 720_000_01 }))).toEqual({
      decision: 'REJECT',
      reason: '申请金额超过店铺授信额度 720,000.00 元（近12个月销售额的30%）',
    });
    expect(sandboxDecision(submission({ bank: 'CRBANK', uscc: '12350100M000100Y43' })).decision).toBe(
      'REJECT',
    );
    expect(sandboxDecision(submission({ bank: 'CRBANK' })).decision).toBe('APPROVE');
  });

  it('submit → query → cancel drops the pending decision; after disbursement cancel is refused', async () => {
    const banks = createSandboxBanks({ db: t.db, decisionDelayMs: 1000 });
    const now = t.clock.now();
    expect(await banks.YNIT.submit(submission({ amountFen: 3_000_000_00 }), now, 'k-refused')).toEqual({
      accepted: false,
      reason: '申请金额超过店铺近12个月销售额，合作机构不予受理',
    });
    const first = await banks.YNIT.submit(submission(), now, 'k-first');
    if (!first.accepted) throw new Error('not accepted');
    expect(first.bankRef).toMatch(/^YNIT-7-[0-9a-f]{8}$/);
    expect(await banks.YNIT.query(first.bankRef, now)).toEqual({ status: 'UNDER_REVIEW', reason: null });
    expect(await banks.CGB.query(first.bankRef, now)).toEqual({ status: 'UNKNOWN', reason: null });
    expect(await banks.YNIT.cancel(first.bankRef, '借款人撤回', now, 'k-cancel')).toEqual({
      ok: true,
      reason: null,
    });
    expect(await banks.YNIT.query(first.bankRef, now)).toEqual({ status: 'CANCELLED', reason: '借款人撤回' });

    const second = await banks.YNIT.submit(submission(), now, 'k-second');
    if (!second.accepted) throw new Error('not accepted');
    await banks.YNIT.contractSigned(second.bankRef, now, 'k-signed');
    await banks.YNIT.contractSigned(second.bankRef, now, 'k-signed-again');
    const jobs = (await t.db.select().from(sandboxBankJobs)).filter((j) => j.bankRef === second.bankRef);
    expect(jobs.map((j) => j.payload.decision)).toEqual(['APPROVE', 'DISBURSE']);
    // delivery: unknown bankRefs at the portal are IGNORED by the route, but delivered (answered 0000)
    t.clock.advance(2000);
    const delivered = await deliverDueBankCallbacks(t.app, {
      db: t.db,
      config: t.config,
      now: t.clock.now,
      log: t.app.log,
    });
    expect(delivered).toBe(2);
    expect(await banks.YNIT.query(second.bankRef, t.clock.now())).toEqual({
      status: 'APPROVED',
      reason: null,
    });
    expect(await banks.YNIT.cancel(second.bankRef, '晚了', t.clock.now(), 'k-late')).toEqual({
      ok: false,
      reason: '款项已发放，合作机构无法取消',
    });
  });

  it('the same idempotency key gets the same answer and the same bankRef, and never a second effect', async () => {
    const banks = createSandboxBanks({ db: t.db, decisionDelayMs: 1000 });
    const now = t.clock.now();
    const jobsOf = async (bankRef: string) =>
      (await t.db.select().from(sandboxBankJobs)).filter((j) => j.bankRef === bankRef);
    const asked = submission({ applicationId: 8 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => banks.CGB.submit(asked, now, 'SUBMIT.application-8.1')),
    );
    const [first] = answers;
    if (!first?.accepted) throw new Error('not accepted');
    expect(first.bankRef).toBe(sandboxBankRef('CGB', 8, 'SUBMIT.application-8.1'));
    for (const answer of answers) expect(answer).toEqual(first);
    // deterministic: the same key gives the same bankRef even with other terms; another key another bankRef
    expect(
      await banks.CGB.submit(submission({ applicationId: 8, amountFen: 1 }), now, 'SUBMIT.application-8.1'),
    ).toEqual(first);
    const other = await banks.CGB.submit(asked, now, 'SUBMIT.application-8.2');
    expect(other.accepted && other.bankRef).not.toBe(first.bankRef);
    expect((await jobsOf(first.bankRef)).map((j) => j.payload.decision)).toEqual(['APPROVE']);

    await banks.CGB.contractSigned(first.bankRef, now, 'SIGN.application-8.1');
    await banks.CGB.contractSigned(first.bankRef, now, 'SIGN.application-8.1');
    expect((await jobsOf(first.bankRef)).map((j) => j.payload.decision)).toEqual(['APPROVE', 'DISBURSE']);

    const cancelled = await banks.CGB.cancel(first.bankRef, '撤回', now, 'CANCEL.application-8.1');
    expect(cancelled).toEqual({ ok: true, reason: null });
    const markers = (await jobsOf(first.bankRef)).length;
    expect(await banks.CGB.cancel(first.bankRef, '再撤回', now, 'CANCEL.application-8.1')).toEqual(cancelled);
    expect(await jobsOf(first.bankRef)).toHaveLength(markers);
    expect(await banks.CGB.settle(first.bankRef, 100, now, 'SETTLE.settlement-1.1')).toEqual({
      ok: true,
      reason: null,
    });
    const requests = await t.db.select().from(sandboxBankRequests);
    expect(
      requests
        .filter((r) => r.bank === 'CGB')
        .map((r) => r.idempotencyKey)
        .sort(),
    ).toEqual([
      'CANCEL.application-8.1',
      'SETTLE.settlement-1.1',
      'SIGN.application-8.1',
      'SUBMIT.application-8.1',
      'SUBMIT.application-8.2',
    ]);
  });
});
