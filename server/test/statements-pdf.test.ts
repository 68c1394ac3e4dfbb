import {
  amountInChineseCapitals,
  fenToYuan,
  formatYuan,
  maskIdNumber,
  PRODUCT_NAME,
  RSP,
  rspText,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyStatementRow } from '../src/db/schema.ts';
import { call, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, READY_COMPANY } from './helpers/borrower.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { type StatementSetup, statementCalls, statementOf, statementSetup } from './helpers/statements.ts';

/** The borrower's list of statements, the PDF of one (its figures, seal and code), and only for its owner. */
let s: StatementSetup;
let t: TestApp;
let api: ReturnType<typeof statementCalls>;
let march: MonthlyStatementRow;
let april: MonthlyStatementRow;
beforeAll(async () => {
  s = await statementSetup('stmt_pdf');
  t = s.t;
  api = statementCalls(t);
  march = await statementOf(t, s.b.userId, '2026-03');
  april = await statementOf(t, s.b.userId, '2026-04');
});
afterAll(() => t.close());

const NOT_FOUND = { rspCode: RSP.STATEMENT_NOT_FOUND, rspDesc: rspText(RSP.STATEMENT_NOT_FOUND) };

describe('GET /account/statements', () => {
  it('lists the borrower’s statements newest month first with their key figures, paged by month', async () => {
    const all = okResult(await api.list(s.b.token));
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((i) => i.month)).toEqual(['2026-04', '2026-03']);
    expect(all.items[0]).toEqual({
      id: april.id,
      month: '2026-04',
      opening: '120000.00',
      disbursed: '0.00',
      repaidPrincipal: fenToYuan(april.repaidPrincipalFen),
      repaidInterest: fenToYuan(april.repaidInterestFen),
      repaidPenalty: fenToYuan(april.repaidPenaltyFen),
      repaidFee: '0.00',
      feesPaid: '0.00',
      feesRefunded: '0.00',
      couponsUsed: '0.00',
      closing: fenToYuan(april.closingFen),
      nextDueDate: '2026-05-02',
      nextDueAmount: fenToYuan(april.nextDueFen ?? 0),
      docNo: april.docNo,
      createdAt: april.createdAt.toISOString(),
    });
    expect(all.items[1]).toMatchObject({
      disbursed: '120000.00',
      couponsUsed: '20.00',
      closing: '120000.00',
    });
    const first = okResult(await api.list(s.b.token, { limit: 1 }));
    expect(first.items.map((i) => i.month)).toEqual(['2026-04']);
    const second = okResult(await api.list(s.b.token, { limit: 1, cursor: first.nextCursor }));
    expect(second.items.map((i) => i.month)).toEqual(['2026-03']);
    expect(second.nextCursor).toBeNull();
  });

  it('is empty for a borrower without statements, and refuses another borrower’s cursor', async () => {
    const other = await makeReadyBorrower(t, 'stmt_other');
    expect(okResult(await api.list(other.token))).toEqual({ items: [], nextCursor: null });
    const mine = okResult(await api.list(s.b.token, { limit: 1 }));
    expect((await api.list(other.token, { cursor: mine.nextCursor })).response.rspCode).toBe(
      RSP.INVALID_INPUT,
    );
  });
});

describe('GET /account/statementPdf', () => {
  it('is the statement as a PDF: whose, which month, every figure, the balance explained, seal and code', async () => {
    const res = await api.pdf(s.b.token, april.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`statement-2026-04-${april.docNo}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '月度对账单',
      PRODUCT_NAME,
      READY_COMPANY.companyName,
      maskIdNumber(READY_COMPANY.uscc),
      '2026年04月',
      '2026-04-01 至 2026-04-30',
      '期初借款余额',
      '120000.00',
      '期末借款余额',
      fenToYuan(april.closingFen),
      amountInChineseCapitals(april.closingFen),
      fenToYuan(april.repaidPrincipalFen),
      fenToYuan(april.repaidInterestFen),
      fenToYuan(april.repaidPenaltyFen),
      fenToYuan(april.repaidPrincipalFen + april.repaidInterestFen + april.repaidPenaltyFen),
      '全部贷款尚未归还的本金合计',
      '2026-05-01 00:00',
      `下一还款日 2026-05-02，应还 ${formatYuan(april.nextDueFen ?? 0)} 元`,
      '对账专用章',
      `文件编号：${april.docNo}`,
      `验证码：${april.verifyCode}`,
      `出具方：${t.config.platform.legalName}`,
      '出具日期：2026-05-01',
      '本月共 2 笔交易',
    ]) {
      expect(text, part).toContain(part);
    }
    const marchText = await pdfText((await api.pdf(s.b.token, march.id)).rawPayload);
    for (const part of [
      '2026年03月',
      '加：本月放款',
      '120000.00',
      '优惠券抵扣（1 张',
      '20.00',
      '缴纳服务费',
    ]) {
      expect(marchText, part).toContain(part);
    }
  });

  it('is checked at /docs/verify by its number and code: the closing balance, the borrower masked', async () => {
    const facts = okResult(
      await call(t.app, 'GET', '/docs/verify', { docNo: april.docNo, code: april.verifyCode }),
    );
    expect(facts).toEqual({
      kind: 'STATEMENT',
      kindLabel: '月度对账单',
      docNo: april.docNo,
      issueDate: '2026-05-01',
      amount: fenToYuan(april.closingFen),
      payer: READY_COMPANY.companyName,
      payee: t.config.platform.legalName,
    });
  });

  it('answers another borrower’s id as a missing one (4301, the envelope), never the file', async () => {
    const other = await makeReadyBorrower(t, 'stmt_intruder');
    for (const id of [april.id, march.id, 999_999, 2_147_483_647, 9_999_999_999]) {
      const res = await api.pdf(other.token, id);
      expect(res.statusCode, String(id)).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().response, String(id)).toEqual(NOT_FOUND);
      expect(res.body).not.toContain(april.docNo);
    }
    // the owner's missing id: the same
    expect((await api.pdf(s.b.token, 999_999)).json().response).toEqual(NOT_FOUND);
    expect((await api.pdf(s.b.token, 'abc')).json().response.rspCode).toBe(RSP.INVALID_INPUT);
  });
});
