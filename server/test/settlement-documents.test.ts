import {
  amountInChineseCapitals,
  fenToYuan,
  type LoanRecordDetail,
  maskIdNumber,
  PRODUCT_NAME,
  RSP,
  shanghaiDate,
  yuanToFen,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, READY_COMPANY, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan, loanRows, settlementCalls } from './helpers/loans.ts';
import { payCalls } from './helpers/payments.ts';
import { pdfText } from './helpers/pdf-text.ts';

/** The documents an early settlement leaves: the receipt of its payment and the 结清证明, each checkable. */
let t: TestApp;
let b: ReadyBorrower;
let loanId: number;
let rowId: number;
let outTradeNo: string;
let total: string;

const certificate = (token: string, id: unknown) =>
  t.app.inject({
    method: 'GET',
    url: `/api/loanMgr/settlementCertificatePdf?loanId=${encodeURIComponent(String(id))}`,
    headers: { accessToken: token },
  });
const printed = (text: string) => ({
  docNo: /文件编号：([0-9A-Z]+)/.exec(text)?.[1] ?? /证明编号\s*([0-9A-Z]+)/.exec(text)?.[1] ?? '',
  code: /验证码：([0-9A-Z]+)/.exec(text)?.[1] ?? '',
});

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'stldoc1');
  rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
  ({ id: loanId } = (await loanRows(t, rowId)).loan);
  const { quoteOf } = settlementCalls(() => t);
  const quote = okResult(await quoteOf(b.token, loanId));
  // before it is settled there is no certificate to give
  const early = await certificate(b.token, loanId);
  expect(early.json().response).toEqual({
    rspCode: RSP.LOAN_NOT_SETTLED,
    rspDesc: '贷款尚未结清，结清后可下载结清证明',
  });
  const created = await settlementCalls(() => t).settleAndPay(b.token, loanId, quote.total);
  outTradeNo = created.order.outTradeNo;
  total = quote.total;
});
afterAll(async () => t.close());

describe('the documents of an early settlement', () => {
  it('the receipt of the settlement payment says what it paid, in figures and capitals', async () => {
    const res = await payCalls(t).receipt(b.token, outTradeNo);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('提前结清');
    expect(text).toContain(`${total} 元`);
    expect(text).toContain(amountInChineseCapitals(yuanToFen(total)));
    expect(text).toContain(outTradeNo);
    expect(text).not.toContain('一次性服务费');
    // the loan's page points at this payment
    const detail = okResult(
      await call<LoanRecordDetail>(
        t.app,
        'GET',
        '/loanMgr/loanRecordDetail',
        { rowId: String(rowId) },
        {
          token: b.token,
        },
      ),
    );
    expect(detail.settlement).toMatchObject({ outTradeNo, total });
  });

  it('the 结清证明 names the borrower, the loan, the bank and what was repaid, with its settled date and seal', async () => {
    const res = await certificate(b.token, loanId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    const { loan, rows, fees } = await loanRows(t, rowId);
    const paid = (of: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + of(r), 0);
    const principal = paid((r) => r.paidPrincipalFen);
    const interest = paid((r) => r.paidInterestFen);
    const fee = fees.reduce((s, f) => s + f.paidFen + f.discountFen, 0);
    const sum = principal + interest + fee + paid((r) => r.paidPenaltyFen);
    expect(principal).toBe(10_000_000);
    expect(text).toContain('结清证明');
    expect(text).toContain(PRODUCT_NAME);
    expect(text).toContain(READY_COMPANY.companyName);
    expect(text).toContain(maskIdNumber(READY_COMPANY.uscc));
    expect(text).not.toContain(READY_COMPANY.uscc);
    expect(text).toContain('广发银行');
    expect(text).toContain(`贷款编号 ${loan.id}`);
    expect(text).toContain(`已于 ${shanghaiDate(loan.settledAt ?? new Date(0))} 全部结清`);
    for (const fen of [principal, interest, fee]) expect(text).toContain(fenToYuan(fen));
    expect(text).toContain(`${fenToYuan(sum)} 元`);
    expect(text).toContain(amountInChineseCapitals(sum));
    expect(text).toContain('结清证明专用章');
  });

  it('is one document however often it is downloaded, and its code checks on the public page', async () => {
    const first = printed(await pdfText((await certificate(b.token, loanId)).rawPayload));
    const again = printed(await pdfText((await certificate(b.token, loanId)).rawPayload));
    expect(first.docNo).not.toBe('');
    expect(again).toEqual(first);
    const facts = okResult(await call(t.app, 'GET', '/docs/verify', first));
    expect(facts).toMatchObject({ kind: 'SETTLEMENT_CERT', docNo: first.docNo });
    const forged = await call(t.app, 'GET', '/docs/verify', { docNo: first.docNo, code: 'ZZZZZZZZ' });
    expect(forged.response.rspCode).not.toBe('0000');
    expect(JSON.stringify(forged.result ?? null)).not.toContain(first.docNo);
  });

  it('another borrower, a malformed id or no session get nothing', async () => {
    const other = await makeReadyBorrower(t, 'stldoc2');
    expect((await certificate(other.token, loanId)).json().response.rspCode).toBe(RSP.LOAN_NOT_FOUND);
    for (const bad of ['abc', '0', '-1', 'x'.repeat(300)]) {
      const res = await certificate(b.token, bad);
      expect(res.statusCode).toBe(200);
      expect(res.json().response.rspCode).toMatch(/^(1001|3601)$/);
    }
    expect((await certificate('', loanId)).statusCode).toBe(401);
  });
});
