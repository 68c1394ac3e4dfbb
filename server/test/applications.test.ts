import { type ApplicationDetail, type ApplicationListResult, BANK_CODES, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAdapter, BankAdapters } from '../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import {
  applicationEvents,
  applications,
  auditLog,
  loans,
  partnerCalls,
  products,
  sellerStores,
} from '../src/db/schema.ts';
import { applyEvent } from '../src/modules/applications/apply-event.ts';
import { applicationSubject } from '../src/modules/applications/bank-calls.ts';
import { call, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './helpers/applications.ts';
import { acceptAllAgreements, certify, makeReadyBorrower } from './helpers/borrower.ts';
import { openSubAccountAt } from './helpers/receiving.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
/** the sandbox banks, with a switch that makes submissions fail as if the bank could not be reached */
const flaky = { failSubmit: false, refuseCancel: false };

function flakyBanks(get: () => BankAdapters): BankAdapters {
  const one = (code: (typeof BANK_CODES)[number]): BankAdapter => ({
    code,
    sandbox: true,
    submit: (s, now, key) =>
      flaky.failSubmit ? Promise.reject(new Error('timeout')) : get()[code].submit(s, now, key),
    query: (ref, now) => get()[code].query(ref, now),
    cancel: (ref, reason, now, key) =>
      flaky.refuseCancel
        ? Promise.resolve({ ok: false, reason: '已进入放款流程' })
        : get()[code].cancel(ref, reason, now, key),
    contractSigned: (ref, now, key) => get()[code].contractSigned(ref, now, key),
    settle: (ref, total, now, key) => get()[code].settle(ref, total, now, key),
    openSubAccount: (r, now, key) => get()[code].openSubAccount(r, now, key),
    sendSmallDeposit: (d, now, key) => get()[code].sendSmallDeposit(d, now, key),
  });
  return Object.fromEntries(BANK_CODES.map((c) => [c, one(c)])) as unknown as BankAdapters;
}

beforeAll(async () => {
  let inner: BankAdapters | null = null;
  t = await createTestApp({
    banks: flakyBanks(() => {
      if (!inner) throw new Error('banks not ready');
      return inner;
    }),
  });
  inner = createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs });
  api = applicationCalls(t);
});
afterAll(async () => t.close());

const codeOf = (a: { response: { rspCode: string } }) => a.response.rspCode;
const stepStatus = (d: ApplicationDetail) => Object.fromEntries(d.steps.map((s) => [s.key, s.status]));

describe('POST /loanMgr/createApplication', () => {
  it('creates a draft with its timeline, steps and bank path, and returns the same open application again', async () => {
    const b = await makeReadyBorrower(t, 'create1');
    const before = await tableCounts(t.db);
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    expect(d.application).toMatchObject({
      bank: 'YNIT',
      bankName: '云南国际信托',
      productCode: 'YNIT-XT01',
      productType: 'CREDIT',
      mcOrderNo: null,
      state: 'DRAFT',
      amount: null,
      bankPath: `/apply/LoanInfo_YNIT/${d.application.rowId}/YNIT-XT01/CREDIT`,
    });
    expect(d.product.productCode).toBe('YNIT-XT01');
    expect(d.timeline).toEqual([
      expect.objectContaining({ event: 'CREATE', fromState: null, toState: 'DRAFT', actorLabel: '借款人' }),
    ]);
    expect(stepStatus(d)).toEqual({
      ACCEPT_AGREEMENTS: 'DONE',
      CERTIFY_COMPANY: 'DONE',
      CERTIFY_LEGAL_PERSON: 'DONE',
      FACE_VERIFY: 'CURRENT',
      // the sales statement is on file, but the bar reads left to right: nothing after the current step is done
      UPLOAD_DOCUMENTS: 'TODO',
      SUBMIT: 'TODO',
      BANK_REVIEW: 'TODO',
      SIGN_CONTRACT: 'TODO',
    });
    const paths = Object.fromEntries(d.steps.map((s) => [s.key, s.path]));
    expect(paths.ACCEPT_AGREEMENTS).toBe(`/agreement?redirect=${encodeURIComponent(d.application.bankPath)}`);
    expect(paths.SUBMIT).toBe(`/application/enter?rowId=${d.application.rowId}`);
    expect(paths.BANK_REVIEW).toBe(`/auditing?rowId=${d.application.rowId}`);
    expect(paths.FACE_VERIFY).toBeNull();
    expect(d).toMatchObject({ canSubmit: false, canCancel: true, canSign: false });

    const again = okResult(await api.create(b.token, 'YNIT-XT01'));
    expect(again.application.rowId).toBe(d.application.rowId);
    const after = await tableCounts(t.db);
    expect(after.applications).toBe((before.applications ?? 0) + 1);
    expect(after.application_events).toBe((before.application_events ?? 0) + 1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application.created'));
    expect(audit.filter((a) => a.userId === b.userId)).toHaveLength(1);
  });

  it('gives a CRBANK application its merchant order number and the route by it', async () => {
    const b = await makeReadyBorrower(t, 'create2');
    const d = okResult(await api.create(b.token, 'CRB-RYD'));
    expect(d.application.mcOrderNo).toMatch(/^MC20260302\d{10}$/);
    expect(d.application.bankPath).toBe(`/apply/LoanInfo_CRBANK/${d.application.mcOrderNo}`);
    const byOrder = okResult(await api.detail(b.token, { mcOrderNo: d.application.mcOrderNo ?? '' }));
    expect(byOrder.application.rowId).toBe(d.application.rowId);
  });

  it('refuses an unknown or inactive product with 3101 and creates nothing', async () => {
    const b = await makeReadyBorrower(t, 'create3');
    await t.db.update(products).set({ active: false }).where(eq(products.productCode, 'SHRB-DDD'));
    const before = await tableCounts(t.db);
    for (const productCode of ['NOPE', 'SHRB-DDD', 'ynit-xt01']) {
      const res = await api.create(b.token, productCode);
      expect(res.status).toBe(200);
      expect(codeOf(res)).toBe(RSP.PRODUCT_NOT_FOUND);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    await t.db.update(products).set({ active: true }).where(eq(products.productCode, 'SHRB-DDD'));
  });
});

describe('GET /loanMgr/application and /loanMgr/applications', () => {
  it('finds the application by rowId with matching product parameters, 3005 for anything else', async () => {
    const b = await makeReadyBorrower(t, 'query1');
    const d = okResult(await api.create(b.token, 'SHRB-KJD'));
    const rowId = String(d.application.rowId);
    expect(codeOf(await api.detail(b.token, { rowId, productCode: 'SHRB-KJD', productType: 'CREDIT' }))).toBe(
      RSP.OK,
    );
    const refused = [
      {},
      { rowId: 'abc' },
      { rowId: '0' },
      { rowId: '-1' },
      { rowId: '1.5' },
      { rowId: '99999999999' },
      { rowId: '999999' },
      { rowId, productCode: 'YNIT-XT01' },
      { rowId, productType: 'ORDER' },
      { rowId, mcOrderNo: 'MC202603020000000000' },
      { mcOrderNo: 'MC202603020000000000' },
    ];
    for (const query of refused) {
      const res = await api.detail(b.token, query as Record<string, string>);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.response, JSON.stringify(query)).toEqual({
        rspCode: RSP.APPLICATION_NOT_FOUND,
        rspDesc: rspText(RSP.APPLICATION_NOT_FOUND),
      });
      expect(res.result).toBeNull();
    }
    expect(codeOf(await api.detail(b.token, { rowId: 'x'.repeat(65) }))).toBe(RSP.INVALID_INPUT);
    expect(codeOf(await api.detail(b.token, { rowId, extra: '1' }))).toBe(RSP.INVALID_INPUT);
  });

  it('lists the user’s applications newest first', async () => {
    const b = await makeReadyBorrower(t, 'list1');
    const first = okResult(await api.create(b.token, 'CGB-KJED'));
    const second = okResult(await api.create(b.token, 'FUIOU-HKD'));
    const res = await call<ApplicationListResult>(t.app, 'GET', '/loanMgr/applications', undefined, {
      token: b.token,
    });
    expect(res.result.items.map((i) => i.rowId)).toEqual([second.application.rowId, first.application.rowId]);
  });
});

describe('POST /loanMgr/completeStep', () => {
  it('records the sandbox face verification once; CURRENT moves on and the draft can be submitted', async () => {
    const b = await makeReadyBorrower(t, 'step1');
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const done = okResult(await api.completeStep(b.token, d.application.rowId, 'FACE_VERIFY'));
    expect(stepStatus(done).FACE_VERIFY).toBe('DONE');
    expect(stepStatus(done).SUBMIT).toBe('CURRENT');
    expect(done.canSubmit).toBe(true);
    const before = await tableCounts(t.db);
    okResult(await api.completeStep(b.token, d.application.rowId, 'FACE_VERIFY'));
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('FUIOU: the collection account step links to the receiving-account page and is done once it is open', async () => {
    const b = await makeReadyBorrower(t, 'step2');
    const d = okResult(await api.create(b.token, 'FUIOU-HKD'));
    expect(stepStatus(d).OPEN_COLLECTION_ACCOUNT).toBe('CURRENT');
    expect(d.steps.find((s) => s.key === 'OPEN_COLLECTION_ACCOUNT')?.path).toBe('/lock/toApplyAccountPage');
    const refused = await api.completeStep(b.token, d.application.rowId, 'OPEN_COLLECTION_ACCOUNT');
    expect(codeOf(refused)).toBe(RSP.SUB_ACCOUNT_NOT_OPEN);
    await openSubAccountAt(t, b, 'FUIOU');
    const done = okResult(await api.detail(b.token, { rowId: String(d.application.rowId) }));
    expect(stepStatus(done).OPEN_COLLECTION_ACCOUNT).toBe('DONE');
    // completing it again is harmless
    okResult(await api.completeStep(b.token, d.application.rowId, 'OPEN_COLLECTION_ACCOUNT'));
  });

  it('refuses a step not in the flow (3402), too early (3001), on a closed application (3003)', async () => {
    const b = await makeReadyBorrower(t, 'step3');
    const crb = okResult(await api.create(b.token, 'CRB-RYD'));
    const cgb = okResult(await api.create(b.token, 'CGB-KJED'));
    const before = await tableCounts(t.db);
    const notInFlow = await api.completeStep(b.token, crb.application.rowId, 'FACE_VERIFY');
    expect(notInFlow.response).toEqual({
      rspCode: RSP.STEP_NOT_DONE,
      rspDesc: '该产品的申请流程不包含「人脸识别」，无需办理',
    });
    const early = await api.completeStep(b.token, cgb.application.rowId, 'OPEN_COLLECTION_ACCOUNT');
    expect(early.response).toEqual({
      rspCode: RSP.STATE_NOT_ALLOWED,
      rspDesc: '请在审批通过后再办理「开立收款账户」',
    });
    expect(codeOf(await api.completeStep(b.token, cgb.application.rowId, 'NOPE'))).toBe(RSP.INVALID_INPUT);
    expect(await tableCounts(t.db)).toEqual(before);
    okResult(await api.cancel(b.token, crb.application.rowId));
    const closed = await api.completeStep(b.token, crb.application.rowId, 'OPEN_COLLECTION_ACCOUNT');
    expect(codeOf(closed)).toBe(RSP.APPLICATION_CLOSED);
  });
});

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

describe('the life of an application with the sandbox banks', () => {
  it('create → submit → approved by callback → signed → disbursed; then advance cancel is refused (3002)', async () => {
    const b = await makeReadyBorrower(t, 'life1');
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const rowId = d.application.rowId;
    okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
    okResult(await api.submit(b.token, rowId, '500000', 12));
    expect(await deliverAfterDelay(t)).toBeGreaterThanOrEqual(1);
    const approved = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(approved.application).toMatchObject({ state: 'APPROVED', approvedAmount: '500000.00' });
    expect(approved.application.decidedAt).not.toBeNull();
    expect(stepStatus(approved)).toMatchObject({ BANK_REVIEW: 'DONE', SIGN_CONTRACT: 'CURRENT' });
    expect(approved).toMatchObject({ canSign: true, canCancel: true });

    const signed = okResult(await api.sign(b.token, rowId));
    expect(signed.application).toMatchObject({ state: 'SIGNED', loanId: null });
    expect(codeOf(await api.sign(b.token, rowId))).toBe(RSP.STATE_NOT_ALLOWED);
    await deliverAfterDelay(t);
    const disbursed = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(disbursed.application.state).toBe('DISBURSED');
    expect(stepStatus(disbursed).SIGN_CONTRACT).toBe('DONE');
    // the loan it became, by the loans table; the same in the list
    const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
    expect(disbursed.application.loanId).toBe(loan?.id);
    const list = await call<ApplicationListResult>(t.app, 'GET', '/loanMgr/applications', undefined, {
      token: b.token,
    });
    const listed = list.result.items.find((a) => a.rowId === rowId);
    expect(listed?.loanId).toBe(loan?.id);
    expect(disbursed.timeline.map((e) => [e.event, e.actor, e.actorLabel])).toEqual([
      ['CREATE', 'BORROWER', '借款人'],
      ['SUBMIT', 'BORROWER', '借款人'],
      ['START_REVIEW', 'SYSTEM', '系统'],
      ['APPROVE', 'BANK', '云南国际信托'],
      ['SIGN', 'BORROWER', '借款人'],
      ['DISBURSE', 'BANK', '云南国际信托'],
    ]);
    for (const e of disbursed.timeline) expect(Date.parse(e.at)).not.toBeNaN();

    const before = await tableCounts(t.db);
    const refused = await api.cancel(b.token, rowId, '不想要了');
    expect(refused.response).toEqual({ rspCode: RSP.ALREADY_DISBURSED, rspDesc: '贷款已放款，无法取消申请' });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the estimated limit (30 % of the store’s annual sales) is the most asked: above it 3106, at it APPROVED', async () => {
    const b = await makeReadyBorrower(t, 'life2');
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const rowId = d.application.rowId;
    okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
    const before = await tableCounts(t.db);
    const above = await api.submit(b.token, rowId, '721000');
    expect(above.response).toEqual({
      rspCode: RSP.AMOUNT_ABOVE_STORE_LIMIT,
      rspDesc: '超过店铺预估额度 720,000.00 元（近12个月销售额的30%），请调低借款金额',
    });
    expect(await tableCounts(t.db)).toEqual(before);
    okResult(await api.submit(b.token, rowId, '720000'));
    await deliverAfterDelay(t);
    const approved = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(approved.application).toMatchObject({ state: 'APPROVED', approvedAmount: '720000.00' });
  });

  it('CRBANK rejects a company whose USCC does not start with 9', async () => {
    const b = await makeReadyBorrower(t, 'life3', { uscc: '12440300MA5FXXXX0X' });
    const d = okResult(await api.create(b.token, 'CRB-RYD'));
    okResult(await api.submit(b.token, d.application.rowId, '100000', 6));
    await deliverAfterDelay(t);
    const res = okResult(await api.detail(b.token, { rowId: String(d.application.rowId) }));
    expect(res.application.state).toBe('REJECTED');
    expect(res.application.decisionReason).toMatch(/统一社会信用代码以 9 开头/);
  });

  it('withdraws under review with the borrower’s reason; the bank’s pending decision is dropped', async () => {
    const b = await makeReadyBorrower(t, 'life4');
    const d = okResult(await api.create(b.token, 'CRB-RYD'));
    okResult(await api.submit(b.token, d.application.rowId, '100000', 6));
    const withdrawn = okResult(await api.cancel(b.token, d.application.rowId, '资金已到位'));
    expect(withdrawn.application.state).toBe('WITHDRAWN');
    expect(withdrawn.timeline.at(-1)).toMatchObject({
      event: 'WITHDRAW',
      actor: 'BORROWER',
      fromState: 'UNDER_REVIEW',
      reason: '资金已到位',
    });
    expect(withdrawn.canCancel).toBe(false);
    const events = await t.db.select().from(applicationEvents);
    await deliverAfterDelay(t);
    expect(await t.db.select().from(applicationEvents)).toHaveLength(events.length);
    const again = await api.cancel(b.token, d.application.rowId);
    expect(again.response).toEqual({
      rspCode: RSP.APPLICATION_CLOSED,
      rspDesc: '申请已结束（已取消），无法取消申请',
    });
  });

  it('withdraws a draft without asking a bank', async () => {
    const b = await makeReadyBorrower(t, 'life5');
    const d = okResult(await api.create(b.token, 'SHRB-KJD'));
    const res = okResult(await api.cancel(b.token, d.application.rowId));
    expect(res.application.state).toBe('WITHDRAWN');
    expect(res.timeline.at(-1)).toMatchObject({ event: 'WITHDRAW', reason: null });
    // a new application for the same product is a new draft
    const next = okResult(await api.create(b.token, 'SHRB-KJD'));
    expect(next.application.rowId).not.toBe(d.application.rowId);
  });

  it('CGB: the collection account after approval before signing (3402), then cancel in advance after approval', async () => {
    const b = await makeReadyBorrower(t, 'life6');
    const d = okResult(await api.create(b.token, 'CGB-KJED'));
    const rowId = d.application.rowId;
    okResult(await api.submit(b.token, rowId, '200000', 6));
    expect(codeOf(await api.sign(b.token, rowId))).toBe(RSP.STATE_NOT_ALLOWED);
    await deliverAfterDelay(t);
    const approved = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(stepStatus(approved)).toMatchObject({ OPEN_COLLECTION_ACCOUNT: 'CURRENT', SIGN_CONTRACT: 'TODO' });
    expect(approved.canSign).toBe(false);
    const sign = await api.sign(b.token, rowId);
    expect(sign.response.rspCode).toBe(RSP.SUB_ACCOUNT_REQUIRED);
    expect(sign.response.rspDesc).toContain('广发银行收款子账户');
    await openSubAccountAt(t, b, 'CGB');
    const opened = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(opened.canSign).toBe(true);
    const cancelled = okResult(await api.cancel(b.token, rowId, '利率不合适'));
    expect(cancelled.application.state).toBe('CANCELLED');
    expect(cancelled.timeline.at(-1)).toMatchObject({ event: 'CANCEL_IN_ADVANCE', reason: '利率不合适' });
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

describe('bad input, sessions', () => {
  const routes: Array<[string, Record<string, unknown>]> = [
    ['/loanMgr/createApplication', { productCode: 'YNIT-XT01' }],
    ['/loanMgr/submitApplication', { rowId: 1, amount: '50000', termMonths: 12, purpose: '采购备货' }],
    ['/loanMgr/completeStep', { rowId: 1, step: 'FACE_VERIFY' }],
    ['/loanMgr/advanceCancel', { rowId: 1 }],
    ['/loanMgr/signContract', { rowId: 1, textHash: 'a'.repeat(64), readToken: `1.${'b'.repeat(64)}` }],
  ];

  it('answers malformed bodies with a non-0000 code, never a 500, changing nothing', async () => {
    const b = await makeReadyBorrower(t, 'bad1');
    const before = await tableCounts(t.db);
    const huge = 'x'.repeat(5000);
    for (const [path, good] of routes) {
      const variants: Record<string, unknown>[] = [
        {},
        { ...good, extra: 1 },
        ...Object.keys(good).flatMap((k) => [
          { ...good, [k]: undefined },
          { ...good, [k]: null },
          { ...good, [k]: huge },
          { ...good, [k]: { $ne: 1 } },
          { ...good, [k]: ['a'] },
        ]),
        { ...good, rowId: -1 },
        { ...good, rowId: 1.5 },
        { ...good, rowId: 2 ** 40 },
      ];
      for (const body of variants) {
        const res = await call(t.app, 'POST', path, body, { token: b.token });
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
        expect(res.response.rspCode).not.toBe(RSP.OK);
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { accessToken: b.token, 'content-type': 'application/json' },
        payload: '{"rowId":',
      });
      expect(notJson.statusCode).toBe(200);
      expect(notJson.json().response.rspCode).toBe(RSP.BAD_REQUEST_BODY);
    }
    const after = await tableCounts(t.db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });

  it('401 without a session; 2005 for a user who must change the password', async () => {
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    for (const [path, body] of routes) {
      expect((await call(t.app, 'POST', path, body)).status).toBe(401);
      const res = await call(t.app, 'POST', path, body, { token: newbie });
      expect(res.response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
    }
    for (const path of ['/loanMgr/application', '/loanMgr/applications']) {
      expect((await call(t.app, 'GET', path, { rowId: '1' })).status).toBe(401);
      expect((await call(t.app, 'GET', path, undefined, { token: newbie })).response.rspCode).toBe(
        RSP.MUST_CHANGE_PASSWORD,
      );
    }
  });
});
