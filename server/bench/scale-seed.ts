/** bench:scale's seeding: millions of borrowers, applications, loans and ledger lines in bulk SQL. */
import { join } from 'node:path';
import { hashPassword } from '../src/lib/passwords.ts';

export const serverDir = join(import.meta.dirname, '..');
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
export const HEAVY = 10;
export const PASSWORD = 'Bench#2026';
export const PAGE = 10;
export const DEEP_CURSORS = 20;

/** Raw SQL on either database: rows back as plain objects. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Sizes {
  borrowers: number;
  loans: number;
  applications: number;
  ledgerLines: number;
}

export function sizesFor(scale: number): Sizes {
  const loans = Math.round(1_000_000 * scale);
  return {
    borrowers: Math.round(100_000 * scale),
    loans,
    applications: Math.round(loans * 1.1),
    ledgerLines: loans * 10,
  };
}

/** 0 … buckets-1 from an integer column, by Knuth's multiplicative hash: no pattern shared with `g % 10`. */
const spread = (column: string, buckets: number) =>
  `((${column}::bigint * 2654435761) % 4294967296 * ${buckets} / 4294967296)::int`;

export const log = (text: string) => console.log(`[bench:scale] ${text}`);

export async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Bulk seed in set-based SQL. Foreign keys and triggers are skipped while loading (session_replication_role
 * replica: the data is generated consistent), the ledger's indexes are built after its rows, and the per-day
 * totals are filled by the same statement the migration uses for existing ledgers.
 */
export async function seed(db: Sql, sizes: Sizes): Promise<number> {
  const passwordHash = await hashPassword(PASSWORD);
  const products = await db.query<{ product_code: string; bank: string }>(
    'select product_code, bank from products order by id',
  );
  const codes = `array[${products.map((p) => `'${p.product_code}'`).join(',')}]`;
  const banks = `array[${products.map((p) => `'${p.bank}'`).join(',')}]`;
  const n = products.length;
  const { borrowers: B, applications: A } = sizes;
  const regular = B - HEAVY;

  await db.query('set session_replication_role = replica');
  await timed(`${B} borrowers`, () =>
    db.query(
      `insert into users (login_id, password_hash, user_name_cn, upt_pwd_time, created_at)
       select 'bench' || g, $1, '压测卖家' || g, now(), now() from generate_series(1, ${B}) g`,
      [passwordHash],
    ),
  );
  const [first] = await db.query<{ id: number }>(`select id from users where login_id = 'bench1'`);
  const [last] = await db.query<{ id: number }>(`select id from users where login_id = 'bench${B}'`);
  const base = Number(first?.id);
  if (Number(last?.id) !== base + B - 1) throw new Error('bench borrowers did not get consecutive ids');

  // one application every `step` whole seconds from 2023-01-01 (Shanghai) for about 2 years 10 months; every tenth
  // belongs to a heavy borrower; every eleventh never became a loan
  const step = Math.floor((34 * 30 * 86_400) / A);
  await timed(`${A} applications`, () =>
    db.query(
      `insert into applications (user_id, bank, product_code, state, amount_fen, term_months, purpose,
                                 created_at, updated_at, submitted_at, decided_at)
       select case when g % 10 = 0 then ${base} + (g / 10) % ${HEAVY}
                   else ${base + HEAVY} + (g::bigint * 7919) % ${regular} end,
              (${banks})[1 + g % ${n}], (${codes})[1 + g % ${n}],
              case when g % 11 <> 0 then 'DISBURSED'
                   else (array['DRAFT','UNDER_REVIEW','REJECTED','CANCELLED','APPROVED'])[1 + ${spread('g', 5)}] end,
              (10 + g % 90) * 1000000, 12, '备货',
              at, at, at, case when g % 11 <> 0 then at + interval '1 day' end
       from (select g, timestamptz '2023-01-01 09:00:00+08' + g * interval '${step} seconds' as at
             from generate_series(1, ${A}) g) s`,
    ),
  );
  await timed(`${sizes.loans} loans`, () =>
    db.query(
      `insert into loans (application_id, user_id, bank, product_code, principal_fen, annual_rate, method,
                          term_months, start_date, status, outstanding_principal_fen, disbursed_at, applied_at,
                          updated_at)
       select id, user_id, bank, product_code, amount_fen, '0.1200', 'EQUAL_INSTALMENT', 12,
              to_char(created_at + interval '1 day', 'YYYY-MM-DD'),
              case when ${spread('id', 20)} = 0 then 'OVERDUE' when ${spread('id', 20)} < 8 then 'SETTLED' else 'REPAYING' end,
              case when ${spread('id', 20)} between 1 and 7 then 0 else amount_fen / 3 end,
              created_at + interval '1 day', created_at, created_at + interval '1 day'
       from applications where state = 'DISBURSED' order by id`,
    ),
  );
  const [loanCount] = await db.query<{ n: number }>('select count(*)::int as n from loans');
  if (Number(loanCount?.n) !== sizes.loans)
    throw new Error(`expected ${sizes.loans} loans, got ${loanCount?.n}`);

  await db.query('drop index ledger_user_time_idx, ledger_user_type_time_idx, ledger_loan_idx');
  await timed(`${sizes.ledgerLines} ledger lines`, async () => {
    for (let k = 0; k < 10; k += 1) {
      const type = k === 0 ? 'DISBURSEMENT' : k === 1 ? 'FEE_PAYMENT' : 'REPAYMENT';
      const parts =
        k === 0
          ? 'principal_fen, principal_fen, 0, 0, 0'
          : k === 1
            ? '-(principal_fen / 100), 0, 0, 0, -(principal_fen / 100)'
            : `-(principal_fen / 12 + principal_fen / 100 + case when id % 20 = 0 and ${k} = 9 then 500 else 0 end),
               -(principal_fen / 12), -(principal_fen / 100),
               -(case when id % 20 = 0 and ${k} = 9 then 500 else 0 end), 0`;
      await db.query(
        `insert into ledger_transactions (user_id, loan_id, type, amount_fen, principal_fen, interest_fen,
                                          penalty_fen, fee_fen, occurred_at, created_at)
         select user_id, id, '${type}', ${parts},
                disbursed_at + interval '${k * 30} days' + interval '${k === 0 ? 0 : 2} hours',
                disbursed_at + interval '${k * 30} days' + interval '${k === 0 ? 0 : 2} hours'
         from loans order by id`,
      );
    }
  });
  await timed('ledger indexes', async () => {
    await db.query(
      'create index ledger_user_time_idx on ledger_transactions using btree (user_id, occurred_at, id)',
    );
    await db.query(
      'create index ledger_user_type_time_idx on ledger_transactions using btree (user_id, type, occurred_at, id)',
    );
    await db.query('create index ledger_loan_idx on ledger_transactions using btree (loan_id, id)');
  });
  await timed('per-day ledger totals', () =>
    db.query(
      `insert into ledger_daily_totals
         (user_id, day, type, amount_fen, principal_fen, interest_fen, penalty_fen, fee_fen, line_count)
       select user_id, ((occurred_at at time zone 'UTC') + interval '8 hours')::date, type,
              sum(amount_fen), sum(principal_fen), sum(interest_fen), sum(penalty_fen), sum(fee_fen), count(*)
       from ledger_transactions group by 1, 2, 3`,
    ),
  );
  await db.query('set session_replication_role = origin');
  await timed('vacuum analyze', () => db.query('vacuum analyze'));
  // write the loaded pages out now rather than in a checkpoint during the measurements
  await timed('checkpoint', () => db.query('checkpoint'));
  return base;
}
