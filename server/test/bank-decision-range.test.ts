import { type BankCode, RSP, rspText } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applications,
  auditLog,
  bankCallbacks,
  loans,
  subAccounts,
} from '../src/db/schema.ts';
import type { TestApp } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { postBankCallback } from './helpers/bank-callback.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { openSubAccountAt } from './helpers/receiving.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

/** A callback signed as the bank signs it. */
const post = (bank: BankCode, body: Record<string, unknown>) => postBankCallback(t, bank, body);

/** A CGB-DPJY application (50 000.00 – 1 000 000.00 yuan) under review for `amount`. */
async function underReview(loginId: string, amount: string) {
  const b = await makeReadyBorrower(t, loginId);
  const d = okResult(await api.create(b.token, 'CGB-DPJY'));
  okResult(await api.submit(b.token, d.application.rowId, amount, 12));
  const row = await rowOf(d.application.rowId);
  if (!row.bankRef) throw new Error('not handed to the bank');
  return { b, rowId: row.id, bankRef: row.bankRef };
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw new Error('no application');
  return row;
}

async function callbackOf(eventId: string) {
  const [cb] = await t.db
    .select()
    .from(bankCallbacks)
    .where(and(eq(bankCallbacks.bank, 'CGB'), eq(bankCallbacks.eventId, eventId)));
  return cb;
}

const refusedAudits = async (applicationId: number) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, 'bank.decision_refused'))).filter(
    (a) => a.detail?.applicationId === applicationId,
  );

describe('bank decisions outside what was asked or what the product allows', () => {
  it('an APPROVE of 2,000,000.00 on a 50,000.00 application is refused (3503), recorded, and changes nothing', async () => {
    const { rowId, bankRef } = await underReview('range1', '50000');
    const before = await rowOf(rowId);
    const eventsBefore = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));

    const body = { eventId: 'CGB-RANGE-1', bankRef, decision: 'APPROVE', approvedAmount: '2000000.00' };
    const res = await post('CGB', body);
    expect(res.status).toBe(200);
    expect(res.response).toEqual({
      rspCode: RSP.BANK_DECISION_OUT_OF_RANGE,
      rspDesc: `${rspText(RSP.BANK_DECISION_OUT_OF_RANGE)}：审批金额 2,000,000.00 元超过申请金额 50,000.00 元`,
    });
    expect(await callbackOf('CGB-RANGE-1')).toMatchObject({
      outcome: 'REFUSED',
      applicationId: rowId,
      payload: { ...body, refusedReason: '审批金额 2,000,000.00 元超过申请金额 50,000.00 元' },
    });
    const audits = await refusedAudits(rowId);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.detail).toMatchObject({ bank: 'CGB', eventId: 'CGB-RANGE-1', decision: 'APPROVE' });
    expect(await rowOf(rowId)).toEqual(before);
    expect(
      await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, rowId)),
    ).toEqual(eventsBefore);
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toEqual([]);

    // its replay is refused again and recorded once
    expect((await post('CGB', body)).response.rspCode).toBe(RSP.BANK_DECISION_OUT_OF_RANGE);
    expect(await refusedAudits(rowId)).toHaveLength(1);

    // smaller than asked but below the product's minimum (50,000.00): refused too
    const low = await post('CGB', {
      eventId: 'CGB-RANGE-2',
      bankRef,
      decision: 'APPROVE',
      approvedAmount: '40000',
    });
    expect(low.response.rspCode).toBe(RSP.BANK_DECISION_OUT_OF_RANGE);
    expect((await callbackOf('CGB-RANGE-2'))?.payload.refusedReason).toBe(
      '审批金额 40,000.00 元不在产品额度 50,000.00–1,000,000.00 元之内',
    );
    expect((await rowOf(rowId)).state).toBe('UNDER_REVIEW');

    // the amount asked for is approved
    const fair = await post('CGB', {
      eventId: 'CGB-RANGE-3',
      bankRef,
      decision: 'APPROVE',
      approvedAmount: '50000',
    });
    expect(fair.result.outcome).toBe('APPLIED');
    expect(await rowOf(rowId)).toMatchObject({ state: 'APPROVED', approvedAmountFen: 50_000_00 });
  });

  it('an approval smaller than asked works; a DISBURSE of another amount than approved is refused, the right one disburses', async () => {
    const { b, rowId, bankRef } = await underReview('range2', '100000');
    const approve = await post('CGB', {
      eventId: 'CGB-RANGE-10',
      bankRef,
      decision: 'APPROVE',
      approvedAmount: '60000.00',
    });
    expect(approve.result.outcome).toBe('APPLIED');
    expect(await rowOf(rowId)).toMatchObject({ state: 'APPROVED', approvedAmountFen: 60_000_00 });

    await openSubAccountAt(t, b, 'CGB');
    okResult(await api.sign(b.token, rowId));
    const wrong = await post('CGB', {
      eventId: 'CGB-RANGE-11',
      bankRef,
      decision: 'DISBURSE',
      approvedAmount: '100000.00',
    });
    expect(wrong.response.rspCode).toBe(RSP.BANK_DECISION_OUT_OF_RANGE);
    expect((await callbackOf('CGB-RANGE-11'))?.payload.refusedReason).toBe(
      '放款金额 100,000.00 元与审批金额 60,000.00 元不一致',
    );
    expect((await rowOf(rowId)).state).toBe('SIGNED');
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toEqual([]);

    const right = await post('CGB', { eventId: 'CGB-RANGE-12', bankRef, decision: 'DISBURSE' });
    expect(right.result.outcome).toBe('APPLIED');
    const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
    expect(loan?.principalFen).toBe(60_000_00);
  });

  it('a DISBURSE of an application that was never approved is refused, even when its state would allow it', async () => {
    const { b, rowId, bankRef } = await underReview('range3', '100000');
    expect(
      (await post('CGB', { eventId: 'CGB-RANGE-20', bankRef, decision: 'APPROVE' })).result.outcome,
    ).toBe('APPLIED');
    await openSubAccountAt(t, b, 'CGB');
    okResult(await api.sign(b.token, rowId));
    // an approval without an amount on record (as rows written before amounts were kept)
    await t.db.update(applications).set({ approvedAmountFen: null }).where(eq(applications.id, rowId));
    const res = await post('CGB', { eventId: 'CGB-RANGE-21', bankRef, decision: 'DISBURSE' });
    expect(res.response.rspCode).toBe(RSP.BANK_DECISION_OUT_OF_RANGE);
    expect((await callbackOf('CGB-RANGE-21'))?.payload.refusedReason).toBe(
      '该申请未获合作机构审批通过，不能放款',
    );
    expect((await rowOf(rowId)).state).toBe('SIGNED');
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toEqual([]);
  });
});

describe('a disbursement without the collection account', () => {
  it('a CGB DISBURSE to a borrower whose account there is gone is refused (2104), recorded, replayed alike', async () => {
    const { b, rowId, bankRef } = await underReview('range4', '100000');
    expect(
      (await post('CGB', { eventId: 'CGB-RANGE-30', bankRef, decision: 'APPROVE' })).result.outcome,
    ).toBe('APPLIED');
    await openSubAccountAt(t, b, 'CGB');
    okResult(await api.sign(b.token, rowId));
    // the account is no longer open (as if closed at the bank): a bank that disburses anyway is refused
    await t.db.update(subAccounts).set({ state: 'CLOSED' }).where(eq(subAccounts.userId, b.userId));
    const res = await post('CGB', { eventId: 'CGB-RANGE-31', bankRef, decision: 'DISBURSE' });
    expect(res.response.rspCode).toBe(RSP.SUB_ACCOUNT_REQUIRED);
    expect(res.response.rspDesc).toBe(
      `${rspText(RSP.SUB_ACCOUNT_REQUIRED)}：借款人尚未在该机构开立收款子账户，不予放款`,
    );
    expect((await callbackOf('CGB-RANGE-31'))?.outcome).toBe('REFUSED');
    expect((await rowOf(rowId)).state).toBe('SIGNED');
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toEqual([]);
    expect((await refusedAudits(rowId)).map((a) => a.detail?.reason)).toEqual([
      '借款人尚未在该机构开立收款子账户，不予放款',
    ]);
    const replay = await post('CGB', { eventId: 'CGB-RANGE-31', bankRef, decision: 'DISBURSE' });
    expect(replay.response.rspCode).toBe(RSP.SUB_ACCOUNT_REQUIRED);
    expect(await refusedAudits(rowId)).toHaveLength(1);

    // with the account open again the next DISBURSE is applied
    await t.db.update(subAccounts).set({ state: 'OPEN' }).where(eq(subAccounts.userId, b.userId));
    const right = await post('CGB', { eventId: 'CGB-RANGE-32', bankRef, decision: 'DISBURSE' });
    expect(right.result.outcome).toBe('APPLIED');
    expect(await t.db.select().from(loans).where(eq(loans.applicationId, rowId))).toHaveLength(1);
  });
});
