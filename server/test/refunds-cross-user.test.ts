import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, refundApplications, refundEvents } from '../src/db/schema.ts';
import { type ApiAnswer, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { type PaidFee, paidUpfrontFee, refundCalls } from './helpers/refunds.ts';

/**
 * A second borrower walks every refund route with the first borrower's refund and order numbers and document:
 * refused exactly like a number that does not exist, nothing changes, nothing of the first borrower's leaks.
 */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let owner: ReadyBorrower;
let intruder: ReadyBorrower;
let ownerPaid: PaidFee;
let intruderPaid: PaidFee;
let refundNo = '';
let ownerDocId = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = refundCalls(t);
  owner = await makeReadyBorrower(t, 'rfowner1');
  intruder = await makeReadyBorrower(t, 'rfintruder1');
  ownerPaid = await paidUpfrontFee(t, owner);
  intruderPaid = await paidUpfrontFee(t, intruder);
  const [doc] = await t.db.select().from(documents).where(eq(documents.userId, owner.userId)).limit(1);
  ownerDocId = doc?.id ?? 0;
  const d = okResult(
    await api.apply(owner.token, {
      outTradeNo: ownerPaid.outTradeNo,
      amount: '123.45',
      reason: '机密原因：误缴',
      evidenceDocumentId: ownerDocId,
    }),
  );
  refundNo = d.refund.refundNo;
});
afterAll(async () => t.close());

const SECRETS = () => [refundNo, ownerPaid.outTradeNo, '机密原因', '123.45', 'rfowner1'];

async function refusedQuietly(label: string, send: () => Promise<ApiAnswer<unknown>>) {
  const before = await tableCounts(t.db);
  const rows = await t.db.select().from(refundApplications);
  const events = await t.db.select().from(refundEvents);
  const res = await send();
  expect(res.status, label).toBe(200);
  expect(res.result, label).toBeNull();
  const text = JSON.stringify(res);
  for (const secret of SECRETS()) expect(text, `${label} leaks ${secret}`).not.toContain(secret);
  expect({ ...(await tableCounts(t.db)), audit_log: 0 }, label).toEqual({ ...before, audit_log: 0 });
  expect(await t.db.select().from(refundApplications), label).toEqual(rows);
  expect(await t.db.select().from(refundEvents), label).toEqual(events);
  return res.response;
}

describe('a second borrower with the first borrower’s numbers', () => {
  it('cannot read or cancel the refund (3901, like a missing one)', async () => {
    const missing = await refusedQuietly('detail missing', () =>
      api.detail(intruder.token, 'RF20260302100000999999'),
    );
    expect(missing).toEqual({ rspCode: RSP.REFUND_NOT_FOUND, rspDesc: rspText(RSP.REFUND_NOT_FOUND) });
    expect(await refusedQuietly('detail', () => api.detail(intruder.token, refundNo))).toEqual(missing);
    expect(await refusedQuietly('cancel', () => api.cancel(intruder.token, refundNo))).toEqual(missing);
    expect(okResult(await api.list(intruder.token)).items).toEqual([]);
  });

  it('cannot apply against the first borrower’s payment (3902, like a missing one)', async () => {
    const body = { amount: '1.00', reason: '冒领' };
    const missing = await refusedQuietly('apply missing', () =>
      api.apply(intruder.token, { ...body, outTradeNo: 'PAY20260302100000999999' }),
    );
    expect(missing).toEqual({
      rspCode: RSP.REFUND_PAYMENT_NOT_FOUND,
      rspDesc: rspText(RSP.REFUND_PAYMENT_NOT_FOUND),
    });
    const foreign = await refusedQuietly('apply foreign', () =>
      api.apply(intruder.token, { ...body, outTradeNo: ownerPaid.outTradeNo }),
    );
    expect(foreign).toEqual(missing);
  });

  it('cannot attach the first borrower’s document as evidence (3912, like a missing one)', async () => {
    const body = { outTradeNo: intruderPaid.outTradeNo, amount: '1.00', reason: '凭证' };
    const missing = await refusedQuietly('evidence missing', () =>
      api.apply(intruder.token, { ...body, evidenceDocumentId: 999_999 }),
    );
    expect(missing.rspCode).toBe(RSP.REFUND_EVIDENCE_NOT_FOUND);
    const foreign = await refusedQuietly('evidence foreign', () =>
      api.apply(intruder.token, { ...body, evidenceDocumentId: ownerDocId }),
    );
    expect(foreign).toEqual(missing);
  });

  it('leaves the owner’s refund as it was', async () => {
    const mine = okResult(await api.detail(owner.token, refundNo));
    expect(mine.refund).toMatchObject({ status: 'SUBMITTED', amount: '123.45', reason: '机密原因：误缴' });
    expect(mine.timeline).toHaveLength(1);
  });
});
