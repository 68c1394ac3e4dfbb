import {
  amountInChineseCapitals,
  maskBankCard,
  PRODUCT_NAME,
  RSP,
  rspText,
  shanghaiDate,
  shanghaiDateTime,
  yuanToFen,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedDocuments, paymentOrders } from '../src/db/schema.ts';
import { call, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { READY_COMPANY, type ReadyBorrower } from './helpers/borrower.ts';
import { deliverNotifies, feeItemsOf, giveCoupon, type payCalls, paymentSetup } from './helpers/payments.ts';
import { pdfText } from './helpers/pdf-text.ts';

/** The 电子回单 as an accountant files it: who paid whom, how much in figures and capitals, and its public check. */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let outTradeNo: string;
let text: string;

const verify = (query: Record<string, string>) => call(t.app, 'GET', '/docs/verify', query);

beforeAll(async () => {
  let loanId: number;
  ({ t, pay, b, loanId } = await paymentSetup('receipt1'));
  const feeId = (await feeItemsOf(t, loanId))[1]?.id ?? 0;
  const couponId = await giveCoupon(t, b.userId, {
    amountOffFen: 5000,
    thresholdFen: 0,
    title: '立减 50 元',
  });
  const created = okResult(await pay.create(b.token, { feeIds: [feeId], couponId, channel: 'ALIPAY' }));
  outTradeNo = created.order.outTradeNo;
  okResult(await pay.cashier(b.token, outTradeNo, 'PAY'));
  expect(await deliverNotifies(t)).toBe(1);
  const receipt = await pay.receipt(b.token, outTradeNo);
  expect(receipt.headers['content-type']).toBe('application/pdf');
  text = await pdfText(receipt.rawPayload);
});
afterAll(() => t.close());

/** The document number and verification code printed on the receipt. */
function printedNumbers(pdf: string) {
  const docNo = /文件编号：([0-9A-Z]+)/.exec(pdf)?.[1] ?? '';
  const code = /验证码：([0-9A-Z]+)/.exec(pdf)?.[1] ?? '';
  return { docNo, code };
}

describe('the 电子回单 of a paid order', () => {
  it('says what the API says: amount in figures and capitals, coupon, order and gateway numbers, paid time', async () => {
    const order = okResult(await pay.order(b.token, outTradeNo));
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
    expect(order.status).toBe('PAID');
    expect(text).toContain('电子回单');
    expect(text).toContain(PRODUCT_NAME);
    expect(text).not.toContain('跨境卖家贷款平台');
    expect(text).toContain(`${order.amount} 元`);
    expect(text).toContain(amountInChineseCapitals(yuanToFen(order.amount)));
    expect(text).toContain(`优惠 ${order.discount} 元`);
    expect(order.discount).toBe('50.00');
    expect(text).toContain(outTradeNo);
    expect(row?.gatewayTradeNo).toBeTruthy();
    expect(text).toContain(row?.gatewayTradeNo ?? '?');
    expect(text).toContain('支付宝');
    expect(text).toContain(shanghaiDateTime(new Date(order.paidAt ?? 0)));
  });

  it('names the certified company as payer (not the login id) and the platform with its masked account as payee', () => {
    const { platform } = t.config;
    expect(text).toContain(READY_COMPANY.companyName);
    expect(text).not.toContain('receipt1');
    expect(text).toContain(platform.legalName);
    expect(text).toContain(maskBankCard(platform.accountNo));
    expect(text).not.toContain(platform.accountNo);
    expect(text).toContain('电子回单专用章');
  });

  it('carries a document number and code, registered once: a second download prints the same', async () => {
    const first = printedNumbers(text);
    expect(first.docNo).toMatch(/^HD\d{8}[0-9A-Z]{8}$/);
    expect(first.code).toMatch(/^[0-9A-Z]{8}$/);
    const again = printedNumbers(await pdfText((await pay.receipt(b.token, outTradeNo)).rawPayload));
    expect(again).toEqual(first);
    const rows = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.subjectId, outTradeNo));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'RECEIPT', docNo: first.docNo, userId: b.userId });
    // the page to type the code in, printed (wrapped where the line ends)
    expect(text.replace(/\s+/g, '')).toContain(`${t.config.platform.publicUrl}/verify/${first.docNo}`);
  });
});

describe('GET /docs/verify (no session)', () => {
  it('answers the masked key facts to the right number and code, in either case', async () => {
    const { docNo, code } = printedNumbers(text);
    const order = okResult(await pay.order(b.token, outTradeNo));
    const facts = okResult(await verify({ docNo, code }));
    expect(facts).toEqual({
      kind: 'RECEIPT',
      kindLabel: '电子回单',
      docNo,
      issueDate: shanghaiDate(t.clock.now()),
      amount: order.amount,
      payer: READY_COMPANY.companyName,
      payee: t.config.platform.legalName,
    });
    expect(okResult(await verify({ docNo: docNo.toLowerCase(), code: code.toLowerCase() }))).toEqual(facts);
  });

  it('a wrong code, an unknown number and a malformed one get one Chinese answer and nothing else', async () => {
    const { docNo, code } = printedNumbers(text);
    const wrongCode = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    const unknownNo = `${docNo.slice(0, -1)}${docNo.endsWith('Z') ? 'Y' : 'Z'}`;
    const answers = await Promise.all([
      verify({ docNo, code: wrongCode }),
      verify({ docNo: unknownNo, code }),
      verify({ docNo: 'not-a-number', code: '?' }),
      verify({ docNo, code: '' }),
    ]);
    for (const answer of answers.slice(0, 3)) {
      expect(answer.response).toEqual({ rspCode: RSP.DOCUMENT_NOT_VERIFIED, rspDesc: rspText('4101') });
      expect(answer.response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
      expect(answer.result ?? null).toBeNull();
      const raw = JSON.stringify(answer);
      for (const leak of [docNo, READY_COMPANY.companyName, t.config.platform.legalName]) {
        expect(raw).not.toContain(leak);
      }
    }
    // an empty code is refused by the schema, as any missing parameter is
    expect(answers[3]?.response.rspCode).not.toBe(RSP.OK);
  });
});
