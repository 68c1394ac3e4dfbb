import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications, partnerCalls, sellerStores } from '../src/db/schema.ts';
import { applyEvent } from '../src/modules/applications/apply-event.ts';
import { applicationSubject } from '../src/modules/applications/bank-calls.ts';
import { codeOf, type TestApp, tableCounts } from './helpers/app.ts';
import {
  applicationCalls,
  createFlakyBanksApp,
  type FlakySwitch,
  okResult,
  stepStatus,
} from './helpers/applications.ts';
import { acceptAllAgreements, certify, makeReadyBorrower } from './helpers/borrower.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
/** the sandbox banks, with a switch that makes submissions fail as if the bank could not be reached */
const flaky: FlakySwitch = { failSubmit: false, refuseCancel: false };

beforeAll(async () => {
  t = await createFlakyBanksApp(flaky);
  api = applicationCalls(t);
});
afterAll(async () => t.close());

describe('POST /loanMgr/submitApplication', () => {
  it('checks in order, each failure with its own code, changing nothing; then submits', async () => {
    const b = await makeReadyBorrower(t, 'order1', {
      storeStatus: null,
      agreements: false,
      certified: false,
    });
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const rowId = d.application.rowId;
    const expectRefused = async (
      args: [string, number, string],
      code: string,
      desc: string | RegExp,
    ): Promise<void> => {
      const before = await tableCounts(t.db);
      const res = await api.submit(b.token, rowId, ...args);
      expect(res.status).toBe(200);
      expect(res.response.rspCode, JSON.stringify(res.response)).toBe(code);
      expect(res.response.rspDesc).toMatch(desc);
      expect(await tableCounts(t.db)).toEqual(before);
    };
    expect(codeOf(await api.submit(b.token, 999_999))).toBe(RSP.APPLICATION_NOT_FOUND);
    await expectRefused(['50000.00', 12, '买'], RSP.INVALID_INPUT, '借款用途需为 2-200 个字');
    await expectRefused(['50000.00', 12, '字'.repeat(201)], RSP.INVALID_INPUT, /2-200/);
    await expectRefused(['5万', 12, '采购备货'], RSP.INVALID_INPUT, /最多两位小数/);
    await expectRefused(['50000.001', 12, '采购备货'], RSP.INVALID_INPUT, /最多两位小数/);
    await expectRefused(['0', 12, '采购备货'], RSP.INVALID_INPUT, /大于 0/);
    await expectRefused(['5000', 12, '采购备货'], RSP.AMOUNT_BELOW_MIN, '申请金额不能低于 10,000.00 元');
    await expectRefused(['2000000', 12, '采购备货'], RSP.AMOUNT_ABOVE_MAX, /1,000,000.00/);
    await expectRefused(['50000.50', 12, '采购备货'], RSP.AMOUNT_NOT_MULTIPLE, /1,000.00 元的整数倍/);
    await expectRefused(['50000', 5, '采购备货'], RSP.TERM_NOT_OFFERED, /3、6、9、12/);
    await expectRefused(['50000', 12, '采购备货'], RSP.STORE_NOT_AUTHORISED, /店铺未授权/);
    const now = t.clock.now();
    await t.db.insert(sellerStores).values({
      userId: b.userId,
      sellerId: 'A9ORDER000001',
      sellerName: '顺序测试店铺',
      status: '04',
      annualSalesFen: 2_400_000_00,
      authorisedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      checkedAt: now,
      updatedAt: now,
    });
    await expectRefused(['50000', 12, '采购备货'], RSP.STORE_NOT_AUTHORISED, /重新授权/);
    await t.db.update(sellerStores).set({ status: '03' }).where(eq(sellerStores.userId, b.userId));
    await expectRefused(['50000', 12, '采购备货'], RSP.AGREEMENT_NOT_ACCEPTED, /融资咨询服务协议/);
    await acceptAllAgreements(t, b.userId);
    await expectRefused(
      ['50000', 12, '采购备货'],
      RSP.CERTIFICATION_REQUIRED,
      '请先完成「企业认证」、「法人认证」、「上传经营资料」',
    );
    await certify(t, b.userId);
    await expectRefused(['50000', 12, '采购备货'], RSP.STEP_NOT_DONE, '请先完成「人脸识别」');
    okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));

    const submitted = okResult(await api.submit(b.token, rowId, '50000', 12, '  采购备货  '));
    expect(submitted.application).toMatchObject({
      state: 'UNDER_REVIEW',
      amount: '50000.00',
      termMonths: 12,
      purpose: '采购备货',
    });
    expect(submitted.application.submittedAt).toBe(t.clock.now().toISOString());
    expect(submitted.timeline.map((e) => [e.event, e.actor, e.toState])).toEqual([
      ['CREATE', 'BORROWER', 'DRAFT'],
      ['SUBMIT', 'BORROWER', 'SUBMITTED'],
      ['START_REVIEW', 'SYSTEM', 'UNDER_REVIEW'],
    ]);
    expect(submitted.timeline[2]?.reason).toMatch(/^云南国际信托已受理（业务编号 YNIT-\d+-[0-9a-f]{8}）$/);
    expect(stepStatus(submitted)).toMatchObject({
      SUBMIT: 'DONE',
      BANK_REVIEW: 'WAITING',
      SIGN_CONTRACT: 'TODO',
    });
    expect(submitted).toMatchObject({ canSubmit: false, canCancel: true, canSign: false });

    // the state machine refuses a second submission with its own code and words
    await expectRefused(
      ['50000', 12, '采购备货'],
      RSP.STATE_NOT_ALLOWED,
      '当前状态为「审核中」，无法提交申请',
    );
  });

  it('keeps the application SUBMITTED when the bank cannot be reached; submitting again hands it over', async () => {
    const b = await makeReadyBorrower(t, 'flaky1');
    const d = okResult(await api.create(b.token, 'CGB-DPJY'));
    flaky.failSubmit = true;
    try {
      const stuck = okResult(await api.submit(b.token, d.application.rowId, '100000'));
      expect(stuck.application.state).toBe('SUBMITTED');
      expect(stepStatus(stuck).BANK_REVIEW).toBe('WAITING');
    } finally {
      flaky.failSubmit = false;
    }
    const retried = okResult(await api.submit(b.token, d.application.rowId, '1', 1, 'ignored'));
    expect(retried.application).toMatchObject({ state: 'UNDER_REVIEW', amount: '100000.00' });
    expect(retried.timeline.filter((e) => e.event === 'SUBMIT')).toHaveLength(1);
  });

  it('refuses an amount above the store’s estimated limit (3106) before any bank call: nothing stored', async () => {
    const b = await makeReadyBorrower(t, 'small1', { annualSalesFen: 3_000_000 });
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const rowId = d.application.rowId;
    okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
    const before = await tableCounts(t.db);
    const res = await api.submit(b.token, rowId, '10000');
    expect(res.response).toEqual({
      rspCode: RSP.AMOUNT_ABOVE_STORE_LIMIT,
      rspDesc: '超过店铺预估额度 9,000.00 元（近12个月销售额的30%），请调低借款金额',
    });
    // no SUBMIT event, no audit line, no partner call claimed, nothing at the sandbox bank
    expect(await tableCounts(t.db)).toEqual(before);
    const calls = await t.db
      .select()
      .from(partnerCalls)
      .where(eq(partnerCalls.subject, applicationSubject(rowId)));
    expect(calls).toEqual([]);
    const still = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(still.application).toMatchObject({ state: 'DRAFT', amount: null });
  });
});

describe('the one state-changing path', () => {
  it('applies a change only to the state it was read in: of two concurrent changes one is refused (3001)', async () => {
    const b = await makeReadyBorrower(t, 'race1');
    const d = okResult(await api.create(b.token, 'CGB-DPJY'));
    const [row] = await t.db.select().from(applications).where(eq(applications.id, d.application.rowId));
    if (!row) throw new Error('no row');
    const now = t.clock.now();
    await t.db.transaction((tx) => applyEvent(tx, row, 'WITHDRAW', 'BORROWER', { now, actorRef: 'race1' }));
    const stale = t.db.transaction((tx) =>
      applyEvent(tx, row, 'SUBMIT', 'BORROWER', { now, actorRef: 'race1', set: { amountFen: 1 } }),
    );
    await expect(stale).rejects.toMatchObject({ rspCode: RSP.STATE_NOT_ALLOWED });
    const illegal = t.db.transaction((tx) => applyEvent(tx, row, 'SUBMIT', 'BANK', { now, actorRef: 'x' }));
    await expect(illegal).rejects.toMatchObject({ rspCode: RSP.ACTOR_NOT_ALLOWED });
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, row.id));
    expect(events.map((e) => e.event)).toEqual(['CREATE', 'WITHDRAW']);
    const [after] = await t.db.select().from(applications).where(eq(applications.id, row.id));
    expect(after).toMatchObject({ state: 'WITHDRAWN', amountFen: null });
  });

  it('a bank that refuses the cancellation: 3001 with its reason, nothing changes but the refused call; a later cancel asks anew', async () => {
    const b = await makeReadyBorrower(t, 'refuse1');
    const d = okResult(await api.create(b.token, 'CRB-RYD'));
    okResult(await api.submit(b.token, d.application.rowId, '100000', 6));
    // the claimed partner call is recorded with its refusal; nothing else changes
    const withoutCalls = (counts: Record<string, number>) => {
      const { partner_calls, partner_call_events, ...rest } = counts;
      return rest;
    };
    flaky.refuseCancel = true;
    try {
      const before = await tableCounts(t.db);
      const res = await api.cancel(b.token, d.application.rowId, '不要了');
      expect(res.response).toEqual({
        rspCode: RSP.STATE_NOT_ALLOWED,
        rspDesc: '华润银行拒绝取消：已进入放款流程',
      });
      expect(withoutCalls(await tableCounts(t.db))).toEqual(withoutCalls(before));
    } finally {
      flaky.refuseCancel = false;
    }
    const cancelled = okResult(await api.cancel(b.token, d.application.rowId, '不要了'));
    expect(cancelled.application.state).toBe('WITHDRAWN');
    const calls = await t.db
      .select()
      .from(partnerCalls)
      .where(eq(partnerCalls.subject, `application-${d.application.rowId}`));
    const cancels = calls.filter((c) => c.operation === 'BANK_CANCEL').sort((x, y) => x.id - y.id);
    expect(cancels.map((c) => [c.state, c.idempotencyKey])).toEqual([
      ['REFUSED', `BANK_CANCEL.application-${d.application.rowId}.1`],
      ['SUCCEEDED', `BANK_CANCEL.application-${d.application.rowId}.2`],
    ]);
  });
});
