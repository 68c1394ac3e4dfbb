import { type LedgerLine, RSP, yuanToFen } from '@loan/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { ledgerSetup, tradingRecord } from './helpers/ledger.ts';
import { fenToYuanText } from './helpers/loans.ts';

let t: TestApp;
let a: ReadyBorrower;
let all: LedgerLine[];

const trading = (query: Record<string, unknown> = {}, token = a.token) => tradingRecord(t, query, token);
const exportFile = (query: string, token = a.token) =>
  t.app.inject({ method: 'GET', url: `/api/trading/export?${query}`, headers: { accessToken: token } });
beforeAll(async () => {
  ({ t, a, all } = await ledgerSetup());
});
afterAll(async () => t.close());

describe('GET /trading/export', () => {
  it('CSV: UTF-8 with BOM, Chinese headers, one row per line in yuan, a totals row; UTF-8 file name', async () => {
    const res = await exportFile('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="trading-\d{8}\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(/^交易记录-\d{8}\.csv$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('时间,类型,金额,本金,利息,罚息,服务费,产品,备注');
    expect(lines).toHaveLength(all.length + 2);
    const rows = lines.slice(1, -1).map((l) => l.split(','));
    expect(rows.map((r) => r[2])).toEqual(all.map((l) => l.amount));
    expect(rows.map((r) => r[1])).toEqual([...Array(6).fill('还款'), '放款']);
    expect(rows[6]?.[0]).toMatch(/^2026-03-02 \d{2}:\d{2}:\d{2}$/);
    const totals = okResult(await trading()).totals;
    expect(lines.at(-1)?.split(',').slice(0, 7)).toEqual([
      `合计（${all.length} 笔）`,
      '',
      totals.amount,
      totals.principal,
      totals.interest,
      totals.penalty,
      totals.fee,
    ]);
    // each total is the sum of the signed column above it, as a spreadsheet adds it
    const columnSums = [2, 3, 4, 5, 6].map((c) =>
      fenToYuanText(rows.reduce((sum, r) => sum + yuanToFen(r[c] ?? ''), 0)),
    );
    expect(lines.at(-1)?.split(',').slice(2, 7)).toEqual(columnSums);
  });

  it('the same filters as the list', async () => {
    const res = await exportFile('format=csv&type=DISBURSEMENT');
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',放款,60000.00,60000.00,');
  });

  it('xlsx: sheet 交易记录 with the headers, one row per line (amounts as numbers in #,##0.00) and the totals', async () => {
    const res = await exportFile('format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toMatch(
      /^交易记录-\d{8}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['交易记录']);
    const sheet = workbook.getWorksheet('交易记录');
    const rows = (sheet?.getSheetValues() ?? []).slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['时间', '类型', '金额', '本金', '利息', '罚息', '服务费', '产品', '备注']);
    expect(rows).toHaveLength(all.length + 2);
    const body = rows.slice(1, -1);
    expect(body.map((r) => r[1])).toEqual([...Array(6).fill('还款'), '放款']);
    expect(body[6]?.[0]).toMatch(/^2026-03-02 \d{2}:\d{2}:\d{2}$/);
    // every amount is a number that reads back as the ledger's figure, shown with two decimals
    const money = (r: unknown[]) => r.slice(2, 7).map((v) => (v as number).toFixed(2));
    expect(body.map(money)).toEqual(all.map((l) => [l.amount, l.principal, l.interest, l.penalty, l.fee]));
    expect(body.map((r) => r[7])).toEqual(all.map((l) => l.productName ?? undefined));
    sheet?.eachRow((row, n) => {
      for (let c = 3; c <= 7; c += 1)
        expect(row.getCell(c).numFmt, `row ${n}`).toBe(n === 1 ? undefined : '#,##0.00');
    });
    const totals = okResult(await trading()).totals;
    expect(rows.at(-1)?.slice(0, 1)).toEqual([`合计（${all.length} 笔）`]);
    expect(money(rows.at(-1) ?? [])).toEqual([
      totals.amount,
      totals.principal,
      totals.interest,
      totals.penalty,
      totals.fee,
    ]);
  });

  it('errors before the file use the envelope: bad format or filters 1001, no session 401', async () => {
    for (const query of ['format=pdf', '', 'format=csv&from=2026-02-31', 'format=csv&cursor=abc']) {
      const res = await exportFile(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().response.rspCode, query).toBe(RSP.INVALID_INPUT);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/trading/export?format=csv' });
    expect(res.statusCode).toBe(401);
  });
});

describe('an export of more than 100,000 rows', () => {
  // a hundred thousand rows is heavy work for the embedded database on a busy machine: the time-out only catches a hang
  it('is refused with 1001 导出范围过大，请缩小日期范围; a narrower range exports', {
    timeout: 180_000,
  }, async () => {
    const big = await makeReadyBorrower(t, 'ledgerbig');
    await t.db.execute(sql`
      -- 100,001 lines on 2026-01-02 (Shanghai), 0.8 s apart, and 5 on the day before
      insert into ledger_transactions (user_id, type, amount_fen, principal_fen, occurred_at, created_at)
      select ${big.userId}::int, 'REFUND', 1, 1, timestamptz '2026-01-02 00:00:00+08' + (g * 0.8 || ' seconds')::interval, now()
      from generate_series(1, 100001) g
      union all
      select ${big.userId}::int, 'REFUND', 1, 1, timestamptz '2026-01-01 09:00:00+08' + (g || ' minutes')::interval, now()
      from generate_series(1, 5) g`);
    const res = await exportFile('format=xlsx', big.token);
    expect(res.json().response).toEqual({
      rspCode: RSP.INVALID_INPUT,
      rspDesc: '导出范围过大，请缩小日期范围',
    });
    const narrow = await exportFile('format=csv&from=2026-01-01&to=2026-01-01', big.token);
    expect(narrow.statusCode).toBe(200);
    // the header, the 5 lines of that day and the totals row
    expect(narrow.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(5 + 2);
  });
});

describe('the per-day totals the database keeps (ledger_daily_totals)', () => {
  it('equal the sums of the lines for any filter, Shanghai day edges included, however the lines were inserted', async () => {
    const b = await makeReadyBorrower(t, 'ledgerdays');
    // one statement with many lines on and around the edges of 2026-05-01 (Shanghai), then single inserts
    await t.db.execute(sql`
      insert into ledger_transactions (user_id, type, amount_fen, principal_fen, interest_fen, occurred_at, created_at)
      select ${b.userId}, case when g % 3 = 0 then 'REFUND' else 'REPAYMENT' end, -(g * 101), -(g * 100), -g,
             timestamptz '2026-05-01 00:00:00+08' + ((g - 20) * interval '37 minutes'), now()
      from generate_series(1, 80) g`);
    for (const [at, type, amount] of [
      ['2026-04-30 23:59:59.999+08', 'FEE_PAYMENT', -777],
      ['2026-05-01 00:00:00+08', 'FEE_PAYMENT', -333],
      ['2026-05-02 23:59:59+08', 'DISBURSEMENT', 5_000_000],
      ['2026-05-03 00:00:00+08', 'REFUND', 19],
    ] as const) {
      await t.db.execute(sql`
        insert into ledger_transactions (user_id, type, amount_fen, fee_fen, occurred_at, created_at)
        values (${b.userId}, ${type}, ${amount}, ${type === 'FEE_PAYMENT' ? amount : 0}, ${at}::timestamptz, now())`);
    }
    const direct = async (filters: { type?: string; from?: string; to?: string }) => {
      const res = await t.db.execute(sql`
        select coalesce(sum(amount_fen), 0)::bigint as amount, coalesce(sum(principal_fen), 0)::bigint as principal,
               coalesce(sum(interest_fen), 0)::bigint as interest, coalesce(sum(fee_fen), 0)::bigint as fee,
               count(*)::int as n
        from ledger_transactions
        where user_id = ${b.userId}
          and (${filters.type ?? null}::text is null or type = ${filters.type ?? null})
          and (${filters.from ?? null}::date is null or occurred_at >= ((${filters.from ?? null}::date::timestamp - interval '8 hours') at time zone 'UTC'))
          and (${filters.to ?? null}::date is null or occurred_at < (((${filters.to ?? null}::date + 1)::timestamp - interval '8 hours') at time zone 'UTC'))`);
      const row = (res as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      return {
        amount: fenToYuanText(Number(row.amount)),
        principal: fenToYuanText(Number(row.principal)),
        interest: fenToYuanText(Number(row.interest)),
        fee: fenToYuanText(Number(row.fee)),
        count: Number(row.n),
      };
    };
    const cases = [
      {},
      { from: '2026-05-01', to: '2026-05-01' },
      { from: '2026-04-30', to: '2026-04-30' },
      { from: '2026-05-02' },
      { to: '2026-05-01' },
      { type: 'FEE_PAYMENT' },
      { type: 'FEE_PAYMENT', from: '2026-05-01' },
      { type: 'REFUND', from: '2026-05-01', to: '2026-05-03' },
      { type: 'REPAYMENT', to: '2026-04-30' },
      { from: '2026-06-01' },
    ];
    for (const filters of cases) {
      const expected = await direct(filters);
      const page = okResult(await trading({ ...filters, limit: 1 }, b.token));
      expect({ filters, totals: page.totals }).toMatchObject({ filters, totals: expected });
    }
    expect(okResult(await trading({ from: '2026-05-01', to: '2026-05-01' }, b.token)).totals.fee).toBe(
      '-3.33',
    );
    expect(okResult(await trading({ from: '2026-04-30', to: '2026-04-30' }, b.token)).totals.fee).toBe(
      '-7.77',
    );
  });
});
