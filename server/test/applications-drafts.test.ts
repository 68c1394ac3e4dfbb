import { type ApplicationListResult, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../src/db/schema.ts';
import { call, codeOf, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, okResult, stepStatus } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { openSubAccountAt } from './helpers/receiving.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = applicationCalls(t);
});
afterAll(async () => t.close());

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
