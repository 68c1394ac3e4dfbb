import { RSP, rspText, type SettlementQuote, type TradingRecordPage } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { recordCalls, recordsSetup } from './helpers/records.ts';

let t: TestApp;
let a: ReadyBorrower;
let b: ReadyBorrower;
let aLoanRow: number;
let aCancelledRow: number;
let aDraftRow: number;
let bLoanRow: number;
let records: ReturnType<typeof recordCalls>['records'];
let detail: ReturnType<typeof recordCalls>['detail'];

beforeAll(async () => {
  ({ t, a, b, aLoanRow, aCancelledRow, aDraftRow, bLoanRow } = await recordsSetup());
  ({ records, detail } = recordCalls(t));
});
afterAll(async () => t.close());

describe('GET /loanMgr/loanRecordDetail', () => {
  it('the application detail, the loan, its schedule, its ledger lines and the agreements accepted', async () => {
    const d = okResult(await detail(a.token, aLoanRow));
    expect(d.detail.application).toMatchObject({ rowId: aLoanRow, state: 'DISBURSED' });
    expect(d.detail.timeline.map((e) => e.event)).toContain('DISBURSE');
    expect(d.loan).toMatchObject({
      principal: '100000.00',
      annualRate: '0.168',
      method: 'EQUAL_INSTALMENT',
      termMonths: 6,
      status: 'REPAYING',
      serviceFee: { amount: '1200.00', status: 'DUE' },
    });
    expect(Number(d.loan?.annualisedRate)).toBeGreaterThan(0.168);
    expect(d.instalments).toHaveLength(6);
    expect(d.instalments[0]).toMatchObject({ seq: 1, status: 'DUE', fee: '200.00', paidPrincipal: '0.00' });
    const owed = d.instalments.reduce((s, i) => s + Math.round(Number(i.outstanding) * 100), 0);
    const due = d.instalments.reduce(
      (s, i) => s + Math.round((Number(i.principal) + Number(i.interest) + Number(i.fee)) * 100),
      0,
    );
    expect(owed).toBe(due);
    expect(d.transactions).toEqual([
      expect.objectContaining({ type: 'DISBURSEMENT', amount: '100000.00', loanId: d.loan?.loanId }),
    ]);
    expect(d.agreements.map((g) => g.kind).sort()).toEqual(['GENERAL', 'INFO', 'RELEASE', 'SERVICE']);
    expect(d.agreements[0]).toMatchObject({
      title: expect.any(String),
      version: expect.any(String),
      textHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      route: expect.stringMatching(/^\//),
    });
  });

  it('an application without a loan has loan null and no schedule', async () => {
    const d = okResult(await detail(a.token, aDraftRow));
    expect(d).toMatchObject({ loan: null, instalments: [], transactions: [] });
    expect(d.detail.application.state).toBe('DRAFT');
  });

  it('missing, malformed or foreign ids → 3005 with nothing of the owner returned', async () => {
    for (const rowId of [999_999, 0, -1, 'abc', '1.5', '99999999999']) {
      const res = await detail(a.token, rowId);
      expect(res.response).toEqual({
        rspCode: RSP.APPLICATION_NOT_FOUND,
        rspDesc: rspText(RSP.APPLICATION_NOT_FOUND),
      });
    }
    expect(codeOf(await call(t.app, 'GET', '/loanMgr/loanRecordDetail', {}, { token: a.token }))).toBe(
      RSP.INVALID_INPUT,
    );
  });
});

describe('a second borrower never sees the first one’s records', () => {
  it('not by id, not by filter, not by cursor, not in the ledger, not through the settlement calls', async () => {
    const before = await tableCounts(t.db);
    // by id
    for (const rowId of [aLoanRow, aCancelledRow, aDraftRow]) {
      const res = await detail(b.token, rowId);
      expect(res.response.rspCode).toBe(RSP.APPLICATION_NOT_FOUND);
      expect(res.result).toBeNull();
    }
    // by filter: only b's own rows whatever the filter
    for (const query of [
      {},
      { status: 'REPAYING' },
      { bank: 'YNIT' },
      { status: 'CLOSED' },
      { from: '2000-01-01' },
    ]) {
      const page = okResult(await records(b.token, query));
      for (const item of page.items) expect(item.rowId).toBe(bLoanRow);
    }
    expect(okResult(await records(b.token, { bank: 'YNIT' })).items).toEqual([]);
    // by cursor: a's cursor is refused for b
    const aFirst = okResult(await records(a.token, { limit: 1 }));
    expect(codeOf(await records(b.token, { cursor: aFirst.nextCursor }))).toBe(RSP.INVALID_INPUT);
    // the ledger
    const ledger = okResult(
      await call<TradingRecordPage>(t.app, 'GET', '/trading/tradingRecord', {}, { token: b.token }),
    );
    expect(ledger.items.map((l) => l.amount)).toEqual(['200000.00']);
    expect(ledger.totals).toMatchObject({ count: 1, amount: '200000.00' });
    const aLedger = okResult(
      await call<TradingRecordPage>(t.app, 'GET', '/trading/tradingRecord', { limit: 1 }, { token: a.token }),
    );
    if (aLedger.nextCursor) {
      const res = await call(
        t.app,
        'GET',
        '/trading/tradingRecord',
        { cursor: aLedger.nextCursor },
        { token: b.token },
      );
      expect(codeOf(res)).toBe(RSP.INVALID_INPUT);
    }
    // a's loan through the settlement calls
    const aLoanId = okResult(await detail(a.token, aLoanRow)).loan?.loanId;
    const quote = await call<SettlementQuote>(
      t.app,
      'GET',
      '/loanMgr/settlementQuote',
      { loanId: aLoanId },
      { token: b.token },
    );
    expect(quote.response).toEqual({ rspCode: RSP.LOAN_NOT_FOUND, rspDesc: '贷款不存在或无权查看' });
    const aQuote = okResult(
      await call<SettlementQuote>(
        t.app,
        'GET',
        '/loanMgr/settlementQuote',
        { loanId: aLoanId },
        { token: a.token },
      ),
    );
    const settle = await call(
      t.app,
      'POST',
      '/loanMgr/earlySettle',
      { loanId: aLoanId, total: aQuote.total, channel: 'UNIONPAY' },
      { token: b.token },
    );
    expect(codeOf(settle)).toBe(RSP.LOAN_NOT_FOUND);
    const certificate = await call(
      t.app,
      'GET',
      '/loanMgr/settlementCertificatePdf',
      { loanId: aLoanId },
      {
        token: b.token,
      },
    );
    expect(certificate.response).toEqual({ rspCode: RSP.LOAN_NOT_FOUND, rspDesc: '贷款不存在或无权查看' });
    // the export
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/trading/export?format=csv',
      headers: { accessToken: b.token },
    });
    expect(exported.body).toContain('200000.00');
    expect(exported.body).not.toContain('100000.00');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
