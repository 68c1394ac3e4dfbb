import { type LoanRecordItem, type Page, RSP } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
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

describe('GET /loanMgr/loanRecords', () => {
  it('lists the caller’s applications with their loans, newest first', async () => {
    const page = okResult(await records(a.token));
    expect(page.items.map((i) => i.rowId)).toEqual([aDraftRow, aCancelledRow, aLoanRow]);
    expect(page.nextCursor).toBeNull();
    const [draft, cancelled, loan] = page.items;
    expect(draft).toMatchObject({ recordStatus: 'APPLYING', state: 'DRAFT', loanId: null, amount: null });
    expect(cancelled).toMatchObject({ recordStatus: 'CLOSED', bank: 'CGB', bankName: expect.any(String) });
    expect(loan).toMatchObject({
      recordStatus: 'REPAYING',
      state: 'DISBURSED',
      bank: 'YNIT',
      productCode: 'YNIT-XT01',
      amount: '100000.00',
      termMonths: 6,
      outstandingPrincipal: '100000.00',
      bankPath: expect.stringContaining('/apply/LoanInfo_YNIT/'),
    });
    expect(loan?.loanId).toEqual(expect.any(Number));
    expect(loan?.disbursedAt).not.toBeNull();
    expect(loan?.productName).not.toBe('YNIT-XT01');
  });

  it('filters by status, bank and date range', async () => {
    const ids = async (query: Record<string, unknown>) =>
      okResult(await records(a.token, query)).items.map((i) => i.rowId);
    expect(await ids({ status: 'REPAYING' })).toEqual([aLoanRow]);
    expect(await ids({ status: 'CLOSED' })).toEqual([aCancelledRow]);
    expect(await ids({ status: 'APPLYING' })).toEqual([aDraftRow]);
    expect(await ids({ status: 'SETTLED' })).toEqual([]);
    expect(await ids({ status: 'APPROVED' })).toEqual([]);
    expect(await ids({ bank: 'CGB' })).toEqual([aCancelledRow]);
    expect(await ids({ bank: 'SHRB', status: 'APPLYING' })).toEqual([aDraftRow]);
    // the clock starts on 2026-03-02 (Shanghai); the draft was made two days later
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([aCancelledRow, aLoanRow]);
    expect(await ids({ from: '2026-03-03' })).toEqual([aDraftRow]);
    expect(await ids({ to: '2026-03-01' })).toEqual([]);
  });

  it('pages by cursor; past the end is an empty page with a null cursor', async () => {
    const first = okResult(await records(a.token, { limit: 2 }));
    expect(first.items.map((i) => i.rowId)).toEqual([aDraftRow, aCancelledRow]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = okResult(await records(a.token, { limit: 2, cursor: first.nextCursor }));
    expect(second.items.map((i) => i.rowId)).toEqual([aLoanRow]);
    expect(second.nextCursor).toBeNull();
    const exact = okResult(await records(a.token, { limit: 3 }));
    expect(exact.nextCursor).toBeNull();
    const lastOfOne = okResult(await records(a.token, { limit: 1, status: 'REPAYING' }));
    expect(lastOfOne.nextCursor).toBeNull();
    // a cursor of the last row: nothing after it
    const one = okResult(await records(a.token, { limit: 2, cursor: first.nextCursor }));
    const lastRow = one.items[0];
    const afterLast = Buffer.from(
      `r.${a.userId}.${Date.parse(lastRow?.createdAt ?? '') * 1000}.${lastRow?.rowId}`,
    ).toString('base64url');
    expect(okResult(await records(a.token, { cursor: afterLast }))).toEqual({ items: [], nextCursor: null });
  });

  it('bad dates, cursors and limits → 1001 with the reason, never 500', async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ from: '2026-02-30' }, '开始日期不是有效日期，应为 YYYY-MM-DD，如 2026-03-01'],
      [{ to: '20260301' }, '结束日期不是有效日期，应为 YYYY-MM-DD，如 2026-03-01'],
      [{ from: '2026-03-05', to: '2026-03-01' }, '开始日期不能晚于结束日期'],
      [{ cursor: 'not a cursor!' }, '分页参数无效，请从第一页重新查询'],
      [{ cursor: Buffer.from('r.1.x').toString('base64url') }, '分页参数无效，请从第一页重新查询'],
      [
        { cursor: Buffer.from(`t.${a.userId}.1.2`).toString('base64url') },
        '分页参数无效，请从第一页重新查询',
      ],
      [{ cursor: 'x'.repeat(5000) }, null],
      [
        { cursor: Buffer.from(`r.${a.userId}.1795300000000000.2147483648`).toString('base64url') },
        '分页参数无效，请从第一页重新查询',
      ],
      [{ limit: 0 }, null],
      [{ limit: 101 }, null],
      [{ limit: 'ten' }, null],
      [{ status: 'PAID' }, null],
      [{ bank: 'HSBC' }, null],
      [{ from: 'x'.repeat(100_000) }, null],
      [{ extra: '1' }, null],
    ];
    for (const [query, text] of cases) {
      const res = await records(a.token, query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.response.rspCode, JSON.stringify(query)).toBe(RSP.INVALID_INPUT);
      if (text) expect(res.response.rspDesc).toBe(text);
    }
  });

  it('401 without a session, 2005 for a user who must change the password', async () => {
    const res = await call(t.app, 'GET', '/loanMgr/loanRecords');
    expect(res.status).toBe(401);
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    for (const path of ['/loanMgr/loanRecords', '/trading/tradingRecord']) {
      expect(codeOf(await call(t.app, 'GET', path, {}, { token: newbie }))).toBe(RSP.MUST_CHANGE_PASSWORD);
    }
    expect(codeOf(await detail(newbie, aLoanRow))).toBe(RSP.MUST_CHANGE_PASSWORD);
  });
});

describe('keyset order: newest first by (created, id), exact to the microsecond', () => {
  it('walks every filter page by page, each row once, in the order of the creation times, not of the ids', async () => {
    const c = await makeReadyBorrower(t, 'recordorder');
    // 12 applications: created within one millisecond (microseconds apart), some out of id order (a clock
    // that went back), every other one disbursed; times around 2026-03-05 10:00 Shanghai
    await t.db.execute(sql`
      insert into applications (user_id, bank, product_code, state, amount_fen, term_months, created_at, updated_at)
      select ${c.userId}, case when g % 3 = 0 then 'CGB' else 'YNIT' end,
             case when g % 3 = 0 then 'CGB-KJED' else 'YNIT-XT01' end,
             case when g % 2 = 0 then 'DISBURSED' else 'DRAFT' end, 5000000, 6,
             timestamptz '2026-03-05 10:00:00.000100+08' + ((g * 7) % 12) * interval '1 microsecond'
               + case when g > 9 then interval '-2 days' else interval '0' end,
             now()
      from generate_series(1, 12) g`);
    await t.db.execute(sql`
      insert into loans (application_id, user_id, bank, product_code, principal_fen, annual_rate, method,
                         term_months, start_date, status, outstanding_principal_fen, disbursed_at, applied_at, updated_at)
      select id, user_id, bank, product_code, amount_fen, '0.12', 'EQUAL_INSTALMENT', 6, '2026-03-06', 'REPAYING',
             amount_fen, created_at + interval '1 day', created_at, now()
      from applications where user_id = ${c.userId} and state = 'DISBURSED'`);
    const expected = async (where: ReturnType<typeof sql>) => {
      const res = await t.db.execute(sql`
        select a.id from applications a left join loans l on l.application_id = a.id
        where a.user_id = ${c.userId} and ${where} order by a.created_at desc, a.id desc`);
      return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    };
    const walk = async (query: Record<string, unknown>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<LoanRecordItem> = okResult(
          await records(c.token, { ...query, limit: 2, ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...page.items.map((i) => i.rowId));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const all = await expected(sql`true`);
    expect(all).toHaveLength(12);
    // the ids are not in time order (the last three are two days older), so the order is the times'
    expect(all).not.toEqual([...all].sort((x, y) => y - x));
    expect(await walk({})).toEqual(all);
    expect(await walk({ status: 'REPAYING' })).toEqual(await expected(sql`l.status = 'REPAYING'`));
    expect(await walk({ status: 'APPLYING' })).toEqual(await expected(sql`a.state = 'DRAFT'`));
    expect(await walk({ bank: 'CGB' })).toEqual(await expected(sql`a.bank = 'CGB'`));
    expect(await walk({ status: 'REPAYING', from: '2026-03-05' })).toEqual(
      await expected(sql`l.status = 'REPAYING' and a.created_at >= timestamptz '2026-03-05 00:00:00+08'`),
    );
    expect(await walk({ to: '2026-03-04' })).toEqual(
      await expected(sql`a.created_at < timestamptz '2026-03-04 00:00:00+08' + interval '1 day'`),
    );
  });
});

describe('a loan belongs to its application’s borrower, in the database', () => {
  it('refuses a loan row whose borrower is not the application’s (loans_application_user_fk)', async () => {
    const before = await tableCounts(t.db);
    await expect(
      t.db.execute(sql`
        insert into loans (application_id, user_id, bank, product_code, principal_fen, annual_rate, method,
                           term_months, start_date, status, outstanding_principal_fen, disbursed_at, applied_at, updated_at)
        values (${aDraftRow}, ${b.userId}, 'SHRB', 'SHRB-KJD', 100, '0.1', 'EQUAL_INSTALMENT', 3, '2026-03-04',
                'REPAYING', 100, now(), now(), now())`),
    ).rejects.toThrow();
    expect(await tableCounts(t.db)).toEqual(before);
    // b filtering by every loan status sees only b's own loan
    for (const status of ['REPAYING', 'OVERDUE', 'SETTLED']) {
      const rows = okResult(await records(b.token, { status })).items.map((i) => i.rowId);
      expect(rows.every((rowId) => rowId === bLoanRow)).toBe(true);
    }
  });
});
