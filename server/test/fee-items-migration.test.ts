import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.ts';

/**
 * The migrations that replace service_fees by fee_items, on a database that has loans from before: every loan's
 * fees become fee items with what was paid, refunded or forgiven, and nothing else changes.
 */
const dir = mkdtempSync(join(tmpdir(), 'fee-items-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder holding the migrations up to and including `lastIdx`. */
function migrationsUpTo(lastIdx: number): void {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = journal.entries.filter((e) => e.idx <= lastIdx);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  expect(readdirSync(dir).filter((f) => f.endsWith('.sql'))).toHaveLength(entries.length);
}

const rows = async <T>(db: ReturnType<typeof drizzle>, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

describe('migrating service_fees to fee_items', () => {
  it('backfills upfront and instalment fees, paid, refunded and waived, then drops service_fees', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const before = journal.entries.find((e) => e.tag === '0011_fee_items')?.idx ?? 0;
    migrationsUpTo(before - 1);
    await migrate(db, { migrationsFolder: dir });

    await db.execute(sql`insert into users (id, login_id, password_hash, user_name_cn, email, created_at)
      values (1, 'old1', 'x', '老用户', 'old@example.com', now())`);
    await db.execute(sql`insert into applications (id, user_id, bank, product_code, state, created_at, updated_at)
      values (1, 1, 'CGB', 'CGB-DPJY', 'DISBURSED', now(), now()), (2, 1, 'YNIT', 'YNIT-XT01', 'DISBURSED', now(), now())`);
    await db.execute(sql`insert into loans (id, application_id, user_id, bank, product_code, principal_fen, annual_rate,
      method, term_months, start_date, status, outstanding_principal_fen, disbursed_at, applied_at, updated_at) values
      (1, 1, 1, 'CGB', 'CGB-DPJY', 10000000, '0.096', 'INTEREST_FIRST', 6, '2026-03-02', 'REPAYING', 10000000,
        '2026-03-02T02:00:00Z', now(), now()),
      (2, 2, 1, 'YNIT', 'YNIT-XT01', 12000000, '0.168', 'EQUAL_INSTALMENT', 3, '2026-03-02', 'SETTLED', 0,
        '2026-03-02T02:00:00Z', now(), now())`);
    // loan 1: an upfront fee the old collections took; loan 2: monthly fees, the first paid, the rest settled early
    await db.execute(sql`insert into instalments (loan_id, seq, due_date, principal_fen, interest_fen, fee_fen,
      paid_fee_fen, status) values
      (1, 1, '2026-04-02', 0, 80000, 0, 0, 'DUE'),
      (2, 1, '2026-04-02', 3900000, 168000, 24000, 24000, 'PAID'),
      (2, 2, '2026-05-02', 3950000, 113000, 24000, 0, 'SETTLED_EARLY'),
      (2, 3, '2026-06-02', 4150000, 58000, 24000, 0, 'SETTLED_EARLY')`);
    await db.execute(sql`insert into service_fees (user_id, loan_id, amount_fen, status, due_at, paid_at) values
      (1, 1, 50000, 'PAID', '2026-03-02T02:00:00Z', '2026-03-02T02:00:01Z'),
      (1, 2, 72000, 'PAID', '2026-06-02T02:00:00Z', '2026-04-10T02:00:00Z')`);

    migrationsUpTo(journal.entries.at(-1)?.idx ?? 0);
    await migrate(db, { migrationsFolder: dir });

    const items = await rows<Record<string, unknown>>(
      db,
      sql`select loan_id, kind, seq, due_date, amount_fen::int as amount, paid_fen::int as paid,
        refunded_fen::int as refunded, waived_fen::int as waived, instalment_id is not null as linked
        from fee_items order by loan_id, seq`,
    );
    expect(items).toEqual([
      {
        loan_id: 1,
        kind: 'UPFRONT',
        seq: 0,
        due_date: '2026-03-09',
        amount: 50000,
        paid: 50000,
        refunded: 0,
        waived: 0,
        linked: false,
      },
      {
        loan_id: 2,
        kind: 'INSTALMENT',
        seq: 1,
        due_date: '2026-04-02',
        amount: 24000,
        paid: 24000,
        refunded: 0,
        waived: 0,
        linked: true,
      },
      {
        loan_id: 2,
        kind: 'INSTALMENT',
        seq: 2,
        due_date: '2026-05-02',
        amount: 24000,
        paid: 0,
        refunded: 0,
        waived: 24000,
        linked: true,
      },
      {
        loan_id: 2,
        kind: 'INSTALMENT',
        seq: 3,
        due_date: '2026-06-02',
        amount: 24000,
        paid: 0,
        refunded: 0,
        waived: 24000,
        linked: true,
      },
    ]);
    const table = await rows<{ t: string | null }>(db, sql`select to_regclass('service_fees')::text as t`);
    expect(table).toEqual([{ t: null }]);
    await client.close();
  });
});
