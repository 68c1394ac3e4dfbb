import { type LedgerLine, RSP, shanghaiDate, type TradingRecordPage, yuanToFen } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../src/db/schema.ts';
import { call, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { ledgerSetup, tradingRecord } from './helpers/ledger.ts';
import { fenToYuanText } from './helpers/loans.ts';

let t: TestApp;
let a: ReadyBorrower;
let all: LedgerLine[];

const trading = (query: Record<string, unknown> = {}, token = a.token) => tradingRecord(t, query, token);
const fen = (yuan: string) => yuanToFen(yuan);

beforeAll(async () => {
  ({ t, a, all } = await ledgerSetup());
});
afterAll(async () => t.close());

describe('GET /trading/tradingRecord', () => {
  it('the caller’s ledger newest first, repayments split into principal, interest, penalty and fee', () => {
    expect(all.map((l) => l.type)).toEqual([
      'REPAYMENT',
      'REPAYMENT',
      'REPAYMENT',
      'REPAYMENT',
      'REPAYMENT',
      'REPAYMENT',
      'DISBURSEMENT',
    ]);
    for (let i = 1; i < all.length; i += 1) {
      const [newer, older] = [all[i - 1], all[i]];
      expect(Date.parse(newer?.occurredAt ?? '') >= Date.parse(older?.occurredAt ?? '')).toBe(true);
    }
    for (const l of all) {
      expect(fen(l.principal) + fen(l.interest) + fen(l.penalty) + fen(l.fee)).toBe(fen(l.amount));
      expect(l.productName).toEqual(expect.any(String));
    }
    const repaid = all.filter((l) => l.type === 'REPAYMENT').reduce((s, l) => s - fen(l.principal), 0);
    expect(repaid).toBe(6_000_000);
    expect(all.filter((l) => l.type === 'REPAYMENT').some((l) => fen(l.penalty) < 0)).toBe(true);
  });

  it('totals over the whole filtered range, whatever the page', async () => {
    const page = okResult(await trading({ limit: 2 }));
    expect(page.items).toHaveLength(2);
    const sum = (pick: (l: LedgerLine) => string) => all.reduce((s, l) => s + fen(pick(l)), 0);
    expect(page.totals).toEqual({
      amount: fenToYuanText(sum((l) => l.amount)),
      principal: fenToYuanText(sum((l) => l.principal)),
      disbursed: fenToYuanText(
        all.filter((l) => l.type === 'DISBURSEMENT').reduce((s, l) => s + fen(l.principal), 0),
      ),
      interest: fenToYuanText(sum((l) => l.interest)),
      penalty: fenToYuanText(sum((l) => l.penalty)),
      fee: fenToYuanText(sum((l) => l.fee)),
      count: all.length,
    });
    const repayments = okResult(await trading({ type: 'REPAYMENT' }));
    expect(repayments.totals.count).toBe(6);
    expect(repayments.items.every((l) => l.type === 'REPAYMENT')).toBe(true);
    expect(okResult(await trading({ type: 'DISBURSEMENT' })).totals).toMatchObject({
      count: 1,
      amount: '60000.00',
      disbursed: '60000.00',
    });
    expect(okResult(await trading({ type: 'REFUND' })).totals).toEqual({
      amount: '0.00',
      principal: '0.00',
      disbursed: '0.00',
      interest: '0.00',
      penalty: '0.00',
      fee: '0.00',
      count: 0,
    });
  });

  it('filters by date range (Shanghai dates, both ends included)', async () => {
    const firstDue = all.filter((l) => l.type === 'REPAYMENT').at(-1);
    const day = shanghaiDate(new Date(firstDue?.occurredAt ?? ''));
    const onDay = okResult(await trading({ from: day, to: day }));
    expect(onDay.items.map((l) => l.id)).toEqual(
      all.filter((l) => shanghaiDate(new Date(l.occurredAt)) === day).map((l) => l.id),
    );
    expect(onDay.items.length).toBeGreaterThan(0);
    expect(okResult(await trading({ to: '2026-03-01' })).items).toEqual([]);
    expect(
      okResult(await trading({ from: '2026-03-02', to: '2026-03-02' })).items.map((l) => l.type),
    ).toEqual(['DISBURSEMENT']);
  });

  it('keyset pages walk the whole ledger once; past the end is empty with a null cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: TradingRecordPage = okResult(await trading(cursor ? { limit: 3, cursor } : { limit: 3 }));
      seen.push(...page.items.map((l) => l.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((l) => l.id));
    const last = all.at(-1);
    const beyond = Buffer.from(
      `t.${a.userId}.${Date.parse(last?.occurredAt ?? '') * 1000}.${last?.id}`,
    ).toString('base64url');
    expect(okResult(await trading({ cursor: beyond }))).toMatchObject({ items: [], nextCursor: null });
  });

  it('bad dates, cursors, limits and types → 1001, never 500, nothing changed', async () => {
    const before = await tableCounts(t.db);
    for (const query of [
      { from: '2026-13-01' },
      { to: 'yesterday' },
      { from: '2026-05-01', to: '2026-04-01' },
      { cursor: '!!!' },
      { cursor: Buffer.from(`r.${a.userId}.5`).toString('base64url') },
      { cursor: Buffer.from(`t.${a.userId + 1}.1.2`).toString('base64url') },
      // a time of 17 digits of microseconds
      { cursor: Buffer.from(`t.${a.userId}.17953000000000000.2`).toString('base64url') },
      { cursor: Buffer.from(`t.${a.userId}.1.99999999999999999`).toString('base64url') },
      { limit: 0 },
      { limit: 1000 },
      { type: 'GIFT' },
      { from: 'x'.repeat(100_000) },
      { other: 1 },
    ]) {
      const res = await trading(query);
      expect(res.status, JSON.stringify(query).slice(0, 80)).toBe(200);
      expect(res.response.rspCode, JSON.stringify(query).slice(0, 80)).toBe(RSP.INVALID_INPUT);
    }
    expect((await trading({ from: '2026-02-29' })).response.rspDesc).toBe(
      '开始日期不是有效日期，应为 YYYY-MM-DD，如 2026-03-01',
    );
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await call(t.app, 'GET', '/trading/tradingRecord')).status).toBe(401);
  });
});

describe('ledger paging below the millisecond', () => {
  it('lines microseconds apart, out of id order, are each walked once in time order', async () => {
    const d = await makeReadyBorrower(t, 'ledgermicro');
    await t.db.execute(sql`
      insert into ledger_transactions (user_id, type, amount_fen, principal_fen, occurred_at, created_at)
      select ${d.userId}, 'REFUND', g, g, timestamptz '2026-06-01 12:00:00.000500+08' + ((g * 5) % 9) * interval '1 microsecond', now()
      from generate_series(1, 9) g`);
    const res = await t.db.execute(sql`
      select id from ledger_transactions where user_id = ${d.userId} order by occurred_at desc, id desc`);
    const expected = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: TradingRecordPage = okResult(
        await trading(cursor ? { limit: 2, cursor } : { limit: 2 }, d.token),
      );
      seen.push(...page.items.map((l) => l.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(expected).not.toEqual([...expected].sort((x, y) => y - x));
  });
});

describe('the ledger is immutable', () => {
  it('the database refuses UPDATE and DELETE of ledger lines', async () => {
    const [line] = await t.db.select().from(ledgerTransactions).limit(1);
    if (!line) throw new Error('no ledger line');
    await expect(
      t.db.update(ledgerTransactions).set({ amountFen: 1 }).where(eq(ledgerTransactions.id, line.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, line.id))).rejects.toThrow();
    const [after] = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, line.id));
    expect(after).toEqual(line);
    const count = await t.db.execute(sql`select count(*)::int as n from ledger_transactions`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
  });
});
