import { type ApplicationListResult, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, loans } from '../src/db/schema.ts';
import { call, codeOf, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult, stepStatus } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { openSubAccountAt } from './helpers/receiving.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = applicationCalls(t);
});
afterAll(async () => t.close());

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
