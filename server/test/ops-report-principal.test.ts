import {
  fenToYuan,
  OPS_API,
  PARTNER_BANKS,
  type PrincipalFigures,
  type PrincipalReport,
  RSP,
  yuanToFen,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, loans } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan, makeHalfPayer, settlementCalls } from './helpers/loans.ts';
import { makeOperator, ok } from './helpers/operators.ts';
import { deliverNotifies, loanIdOf, payCalls } from './helpers/payments.ts';
import {
  cellYuan,
  exportedBook,
  financeToken,
  lastExportAudit,
  report,
  rowOf,
  sheetRows,
} from './helpers/reports.ts';

/**
 * 本金余额 by partner bank and product: each figure rebuilt here from the loans and, independently, from the
 * ledger's principal parts (disbursed +, repaid −); bank subtotals and the whole; the export's totals.
 */
let t: TestApp;
let token: string;

interface Rebuilt {
  loans: number;
  openLoans: number;
  disbursedFen: number;
  outstandingFen: number;
  /** the ledger's principal parts of the loans, summed */
  ledgerFen: number;
}

/** Per "BANK/PRODUCT", from the loans and the ledger lines themselves. */
async function rebuilt(): Promise<Map<string, Rebuilt>> {
  const lines = await t.db.select().from(ledgerTransactions);
  const out = new Map<string, Rebuilt>();
  for (const loan of await t.db.select().from(loans)) {
    const key = `${loan.bank}/${loan.productCode}`;
    const r = out.get(key) ?? { loans: 0, openLoans: 0, disbursedFen: 0, outstandingFen: 0, ledgerFen: 0 };
    r.loans += 1;
    r.openLoans += loan.status === 'SETTLED' ? 0 : 1;
    r.disbursedFen += loan.principalFen;
    r.outstandingFen += loan.outstandingPrincipalFen;
    r.ledgerFen += lines.filter((l) => l.loanId === loan.id).reduce((s, l) => s + l.principalFen, 0);
    out.set(key, r);
  }
  return out;
}

const figuresOf = (r: Rebuilt): PrincipalFigures => ({
  loans: r.loans,
  openLoans: r.openLoans,
  disbursed: fenToYuan(r.disbursedFen),
  outstanding: fenToYuan(r.outstandingFen),
});

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeReadyBorrower(t, 'prina');
  const b = await makeReadyBorrower(t, 'prinb');
  const c = await makeReadyBorrower(t, 'princ');
  const d = await makeReadyBorrower(t, 'prind');
  const e = await makeReadyBorrower(t, 'prine');
  // YNIT: two products; CGB and SHRB one each
  const loanA = await loanIdOf(t, await disburseLoan(t, a, 'YNIT-XT01', '120000', 12));
  const loanB = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT02', '100000', 6));
  await disburseLoan(t, c, 'YNIT-XT02', '80000', 6);
  await disburseLoan(t, d, 'CGB-DPJY', '100000', 6);
  await makeHalfPayer(t, e.userId);
  await disburseLoan(t, e, 'SHRB-KJD', '61000', 3);
  // a repays instalment 1 at the cashier; b settles early; then 40 days of collections from the store payouts
  const repay = okResult(await payCalls(t).repayNow(a.token, { loanId: loanA, seq: 1, channel: 'ALIPAY' }));
  okResult(await payCalls(t).cashier(a.token, repay.order.outTradeNo));
  await deliverNotifies(t);
  const settle = settlementCalls(() => t);
  const quote = okResult(await settle.quoteOf(b.token, loanB));
  await settle.settleAndPay(b.token, loanB, quote.total);
  await advanceAndCollect(t, 40 * DAY);
  token = await financeToken(t);
});
afterAll(() => t.close());

describe('principal by bank and product', () => {
  it('equals the loans’ sums and the ledger’s principal, product by product', async () => {
    const r = ok(await report<PrincipalReport>(t, OPS_API.reportPrincipal, {}, token));
    const expected = await rebuilt();
    expect(r.rows.map((row) => `${row.bank}/${row.productCode}`).sort()).toEqual([...expected.keys()].sort());
    for (const row of r.rows) {
      const mine = expected.get(`${row.bank}/${row.productCode}`);
      if (!mine) throw new Error('a product without loans');
      expect(row).toMatchObject({ bankName: PARTNER_BANKS[row.bank as 'YNIT'].name, ...figuresOf(mine) });
      // what is outstanding is what the ledger lent less what it took back as principal
      expect(yuanToFen(row.outstanding)).toBe(mine.ledgerFen);
    }
    expect(r.rows.find((row) => row.productCode === 'YNIT-XT02')).toMatchObject({
      loans: 2,
      openLoans: 1,
      disbursed: '180000.00',
    });
    expect(r.rows.find((row) => row.productCode === 'SHRB-KJD')?.disbursed).toBe('61000.00');
    // principal came back: the repaid instalment, the settlement, the collections
    expect(yuanToFen(r.totals.outstanding)).toBeLessThan(yuanToFen(r.totals.disbursed));
  });

  it('adds each bank’s products into its subtotal, and the banks into the whole', async () => {
    const r = ok(await report<PrincipalReport>(t, OPS_API.reportPrincipal, {}, token));
    expect(r.banks.map((bank) => bank.bank)).toEqual(['YNIT', 'CGB', 'SHRB']);
    const add = (rows: PrincipalFigures[]) => ({
      loans: rows.reduce((s, x) => s + x.loans, 0),
      openLoans: rows.reduce((s, x) => s + x.openLoans, 0),
      disbursed: fenToYuan(rows.reduce((s, x) => s + yuanToFen(x.disbursed), 0)),
      outstanding: fenToYuan(rows.reduce((s, x) => s + yuanToFen(x.outstanding), 0)),
    });
    for (const bank of r.banks) {
      expect(bank).toMatchObject(add(r.rows.filter((row) => row.bank === bank.bank)));
    }
    expect(r.totals).toEqual(add(r.rows));
    expect(r.totals.loans).toBe(5);
    expect(Date.parse(r.asOf)).toBe(t.clock.now().getTime());
  });

  it('refuses unknown parameters in Chinese, and operators without report.read', async () => {
    const odd = await report(t, OPS_API.reportPrincipal, { bank: 'YNIT' }, token);
    expect(odd.response).toMatchObject({ rspCode: RSP.INVALID_INPUT, rspDesc: '不支持的字段：bank' });
    const support = await makeOperator(t, 'principal-support', ['support']);
    expect((await report(t, OPS_API.reportPrincipal, {}, support.opsToken)).status).toBe(403);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api${OPS_API.reportPrincipalExport}`,
      headers: { opsToken: support.opsToken },
    });
    expect(file.statusCode).toBe(403);
  });
});

describe('principal exported', () => {
  it('holds each product, each bank’s subtotal and the totals of the JSON report, and is audited', async () => {
    const json = ok(await report<PrincipalReport>(t, OPS_API.reportPrincipal, {}, token));
    const rows = sheetRows(await exportedBook(t, OPS_API.reportPrincipalExport, {}, token), '本金余额');
    const figures = (row: unknown[]) => [row[3], row[4], cellYuan(row[5]), cellYuan(row[6])];
    const of = (f: PrincipalFigures) => [f.loans, f.openLoans, f.disbursed, f.outstanding];
    for (const product of json.rows) {
      const row = rows.find((r) => r[2] === product.productCode);
      expect(row?.slice(0, 2)).toEqual([product.bankName, product.productName]);
      expect(figures(row ?? [])).toEqual(of(product));
    }
    for (const bank of json.banks) expect(figures(rowOf(rows, `${bank.bankName} 小计`))).toEqual(of(bank));
    expect(figures(rowOf(rows, '合计'))).toEqual(of(json.totals));
    expect(await lastExportAudit(t)).toMatchObject({ detail: { report: 'principal' } });
  });
});
