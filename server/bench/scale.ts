/**
 * `npm run bench:scale` (and the second half of `npm run bench`): the loan list and the transaction list of
 * one borrower when the database holds millions of rows, timed through the HTTP API of the real server.
 *
 * Seeds, on PostgreSQL (when it answers on 127.0.0.1:5432, in a database this run creates and drops):
 * 100,000 borrowers, 1,100,000 applications of which 1,000,000 became loans, and 10,000,000 ledger lines
 * (a disbursement, the service fee and eight repayments per loan); on PGlite a tenth of that (BENCH_SCALE and
 * BENCH_PGLITE_SCALE override). Ten borrowers are heavy (a tenth of all loans between them: 10,000 loans and
 * 100,000 ledger lines each at full scale) so that a deep page is really deep; the rest are spread evenly.
 *
 * Then, one request at a time over a kept-alive connection, for each list with and without filters: the first
 * page and a deep page (20 cursors per borrower at random depths between half and 95 % of the filtered rows),
 * round-robin over the heavy borrowers, first and deep in alternation, each distinct page requested once before
 * the timed requests. Prints p50/p99 per case, the deep/first ratio of the p50s, and the EXPLAIN (ANALYZE,
 * BUFFERS) of the exact SQL the server ran for each first and deep page, captured from the server's own query
 * functions through a logging Drizzle instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  API,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
  encryptField,
  type LoanRecordQuery,
  type TradingRecordQuery,
} from '@loan/domain';
import { eq, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppContext } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import { migratePglite, migratePostgres } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { encodeCursor } from '../src/modules/loans/paging.ts';
import { loanRecords } from '../src/modules/loans/records.ts';
import { tradingRecord } from '../src/modules/loans/trading.ts';
import { BENCH_PRODUCTION_ENV, freePort, stopProcess } from './support.ts';

const serverDir = join(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const HEAVY = 10;
const PASSWORD = 'Bench#2026';
const PAGE = 10;
const DEEP_CURSORS = 20;

/** Raw SQL on either database: rows back as plain objects. */
interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

interface Sizes {
  borrowers: number;
  loans: number;
  applications: number;
  ledgerLines: number;
}

function sizesFor(scale: number): Sizes {
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

const log = (text: string) => console.log(`[bench:scale] ${text}`);

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
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
async function seed(db: Sql, sizes: Sizes): Promise<number> {
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

// ---------------------------------------------------------------------------------------------------------
// the cases

interface Case {
  list: 'loans' | 'transactions';
  name: string;
  query: Record<string, string>;
}

const CASES: Case[] = [
  { list: 'loans', name: 'no filter', query: {} },
  { list: 'loans', name: 'status 还款中 (a loan status)', query: { status: 'REPAYING' } },
  { list: 'loans', name: 'status 申请中 (application states)', query: { status: 'APPLYING' } },
  { list: 'loans', name: 'bank CGB', query: { bank: 'CGB' } },
  { list: 'loans', name: 'date range 2024', query: { from: '2024-01-01', to: '2024-12-31' } },
  { list: 'transactions', name: 'no filter', query: {} },
  { list: 'transactions', name: 'type 还款', query: { type: 'REPAYMENT' } },
  { list: 'transactions', name: 'date range 2024', query: { from: '2024-01-01', to: '2024-12-31' } },
  {
    list: 'transactions',
    name: 'type 还款 + date range 2024',
    query: { type: 'REPAYMENT', from: '2024-01-01', to: '2024-12-31' },
  },
];

/** Cursors at random depths (50–95 %) of one borrower's filtered list, each made as the server makes it. */
async function deepCursors(db: Sql, c: Case, userId: number): Promise<{ cursors: string[]; rows: number }> {
  const q = c.query;
  if (c.list === 'loans') {
    const where = [`a.user_id = ${userId}`];
    if (q.status === 'REPAYING') where.push(`l.status = 'REPAYING'`);
    if (q.status === 'APPLYING') where.push(`a.state in ('DRAFT','SUBMITTED','UNDER_REVIEW')`);
    if (q.bank) where.push(`a.bank = '${q.bank}'`);
    if (q.from) where.push(`a.created_at >= timestamptz '${q.from} 00:00:00+08'`);
    if (q.to) where.push(`a.created_at < timestamptz '${q.to} 00:00:00+08' + interval '1 day'`);
    const keys = await db.query<{ us: string; id: number }>(
      `select (extract(epoch from a.created_at) * 1000000)::bigint::text as us, a.id
       from applications a left join loans l on l.application_id = a.id
       where ${where.join(' and ')} order by a.created_at desc, a.id desc`,
    );
    const picks = pickDepths(keys.length);
    return {
      cursors: picks.map((i) => encodeCursor('r', userId, [Number(keys[i]?.us), Number(keys[i]?.id)])),
      rows: keys.length,
    };
  }
  const where = [`user_id = ${userId}`];
  if (q.type) where.push(`type = '${q.type}'`);
  if (q.from) where.push(`occurred_at >= timestamptz '${q.from} 00:00:00+08'`);
  if (q.to) where.push(`occurred_at < timestamptz '${q.to} 00:00:00+08' + interval '1 day'`);
  const keys = await db.query<{ us: string; id: string }>(
    `select (extract(epoch from occurred_at) * 1000000)::bigint::text as us, id::text as id
     from ledger_transactions where ${where.join(' and ')} order by occurred_at desc, id desc`,
  );
  const picks = pickDepths(keys.length);
  return {
    cursors: picks.map((i) => encodeCursor('t', userId, [Number(keys[i]?.us), Number(keys[i]?.id)])),
    rows: keys.length,
  };
}

function pickDepths(rows: number): number[] {
  const picks: number[] = [];
  for (let i = 0; i < DEEP_CURSORS; i += 1) {
    // at least a full page after the cursor, however few rows
    picks.push(Math.max(0, Math.min(rows - PAGE - 1, Math.floor(rows * (0.5 + 0.45 * Math.random())))));
  }
  return picks;
}

// ---------------------------------------------------------------------------------------------------------
// the server and the measurements

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(serverDir, 'src', 'main.ts')], {
    cwd: serverDir,
    env: { ...process.env, ...env, ...BENCH_PRODUCTION_ENV, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${API.clientConfig}`)).status < 500) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function signIn(base: string, loginId: string): Promise<string> {
  const password = encryptField(PASSWORD, { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV });
  const res = await fetch(`${base}${API.userLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });
  const body = (await res.json()) as { response: { rspCode: string }; result: { accessToken: string } };
  if (body.response.rspCode !== '0000') throw new Error(`sign-in of ${loginId}: ${JSON.stringify(body)}`);
  return body.result.accessToken;
}

interface Timing {
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function timedGet(target: { url: string; token: string }): Promise<number> {
  const started = performance.now();
  const res = await fetch(target.url, { headers: { accessToken: target.token } });
  const body = (await res.json()) as { response: { rspCode: string }; result: { items: unknown[] } };
  const elapsed = performance.now() - started;
  if (body.response.rspCode !== '0000' || body.result.items.length === 0) {
    throw new Error(`${target.url}: ${JSON.stringify(body.response)}, ${body.result?.items?.length} items`);
  }
  return elapsed;
}

/**
 * First and deep pages timed in alternation (REQUESTS of each, one request at a time, each checked for rows),
 * so both meet the same moment of the machine, after an unrecorded pass over every distinct URL (at least a
 * tenth of REQUESTS): both are timed with their pages read once before, so the ratio compares the queries,
 * not a cold page cache against a warm one.
 */
async function measurePair(
  firstUrls: { url: string; token: string }[],
  deepUrls: { url: string; token: string }[],
): Promise<{ first: Timing; deep: Timing }> {
  const warm = Math.max(Math.ceil(REQUESTS / 10), firstUrls.length, deepUrls.length);
  for (let i = 0; i < warm; i += 1) {
    await timedGet(firstUrls[i % firstUrls.length] as { url: string; token: string });
    await timedGet(deepUrls[i % deepUrls.length] as { url: string; token: string });
  }
  const first: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    first.push(await timedGet(firstUrls[i % firstUrls.length] as { url: string; token: string }));
    deep.push(await timedGet(deepUrls[i % deepUrls.length] as { url: string; token: string }));
  }
  const timing = (times: number[]): Timing => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  return { first: timing(first), deep: timing(deep) };
}

interface Row {
  list: string;
  name: string;
  rows: number;
  first: Timing;
  deep: Timing;
}

type CursorSets = Map<string, { cursors: string[]; rows: number }>;
const cursorKey = (c: Case, userId: number) => `${CASES.indexOf(c)}:${userId}`;

async function benchLists(
  base: string,
  heavy: { id: number; token: string }[],
  cursorSets: CursorSets,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const c of CASES) {
    const path = c.list === 'loans' ? API.loanRecords : API.tradingRecord;
    const url = (extra: Record<string, string>) =>
      `${base}${path}?${new URLSearchParams({ ...c.query, limit: String(PAGE), ...extra })}`;
    const firstUrls = heavy.map((h) => ({ url: url({}), token: h.token }));
    const deepUrls: { url: string; token: string }[] = [];
    let filtered = 0;
    for (const h of heavy) {
      const set = cursorSets.get(cursorKey(c, h.id));
      if (!set) throw new Error('no cursors');
      filtered += set.rows;
      for (const cursor of set.cursors) deepUrls.push({ url: url({ cursor }), token: h.token });
    }
    // shuffle the borrowers' deep cursors so consecutive requests are different borrowers and depths
    deepUrls.sort(() => Math.random() - 0.5);
    const { first, deep } = await measurePair(firstUrls, deepUrls);
    rows.push({ list: c.list, name: c.name, rows: Math.round(filtered / heavy.length), first, deep });
    log(
      `${c.list} / ${c.name}: first p50 ${first.p50.toFixed(2)} p99 ${first.p99.toFixed(2)}, deep p50 ${deep.p50.toFixed(2)} p99 ${deep.p99.toFixed(2)} ms`,
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN of the server's own queries

interface Captured {
  query: string;
  params: unknown[];
}

async function explainCases(
  makeDb: (logger: Logger) => Database,
  db: Sql,
  userId: number,
  cursorSets: CursorSets,
): Promise<string[]> {
  const captured: Captured[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
  const ctx = { db: makeDb(logger) } as unknown as AppContext;
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new Error('no heavy borrower');
  const out: string[] = [];
  for (const c of CASES) {
    for (const depth of ['first', 'deep'] as const) {
      const cursor = depth === 'deep' ? cursorSets.get(cursorKey(c, userId))?.cursors[0] : undefined;
      captured.length = 0;
      if (c.list === 'loans') {
        await loanRecords(ctx, user, { ...c.query, limit: PAGE, cursor } as LoanRecordQuery);
      } else {
        await tradingRecord(ctx, user, { ...c.query, limit: PAGE, cursor } as TradingRecordQuery);
      }
      for (const [i, q] of captured.entries()) {
        // the totals do not depend on the page: explain them once, with the first page
        if (depth === 'deep' && i > 0) continue;
        const plan = await db.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${q.query}`,
          q.params.map((p) => (p instanceof Date ? p.toISOString() : p)),
        );
        out.push(
          `#### ${c.list} / ${c.name} / ${i === 0 ? `${depth} page` : 'totals'}`,
          '',
          '```sql',
          // the column list of a row query is long and says nothing about the plan
          q.query.length > 400 ? q.query.replace(/^select .+? from (?="\w+" )/, 'select … from ') : q.query,
          `-- params: ${JSON.stringify(q.params)}`,
          '```',
          '',
          '```',
          ...plan.map((r) => r['QUERY PLAN']),
          '```',
          '',
        );
      }
    }
  }
  return out;
}

function table(title: string, rows: Row[]): string[] {
  const out = [
    `### ${title}`,
    '',
    '| list | filter | rows of one borrower | first p50 ms | first p99 ms | deep p50 ms | deep p99 ms | deep/first (p50) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    out.push(
      `| ${r.list} | ${r.name} | ${r.rows} | ${r.first.p50.toFixed(2)} | ${r.first.p99.toFixed(2)} | ${r.deep.p50.toFixed(2)} | ${r.deep.p99.toFixed(2)} | ${(r.deep.p50 / r.first.p50).toFixed(2)} |`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// one run on one database

interface Handle {
  sql: Sql;
  db: Database;
  makeDb: (logger: Logger) => Database;
  close(): Promise<void>;
}

/**
 * Seed and collect the deep cursors with the bench's own connection, close it (PGlite's directory belongs to
 * one process at a time), measure through the server, then open it again for the EXPLAINs.
 */
async function runOn(
  title: string,
  sizes: Sizes,
  open: () => Promise<Handle>,
  migrate: (handle: Handle) => Promise<void>,
  serverEnv: NodeJS.ProcessEnv,
): Promise<string[]> {
  log(
    `${title}: ${sizes.borrowers} borrowers, ${sizes.applications} applications, ${sizes.loans} loans, ${sizes.ledgerLines} ledger lines`,
  );
  let handle = await open();
  let heavyIds: number[];
  const cursorSets: CursorSets = new Map();
  try {
    await migrate(handle);
    await seedCatalogue(handle.db);
    const base = await timed('seed in all', () => seed(handle.sql, sizes));
    heavyIds = Array.from({ length: HEAVY }, (_, i) => base + i);
    for (const c of CASES) {
      for (const id of heavyIds) cursorSets.set(cursorKey(c, id), await deepCursors(handle.sql, c, id));
    }
  } finally {
    await handle.close();
  }
  const server = await startServer(serverEnv);
  let rows: Row[];
  try {
    const heavy = [];
    for (const [i, id] of heavyIds.entries())
      heavy.push({ id, token: await signIn(server.base, `bench${i + 1}`) });
    rows = await benchLists(server.base, heavy, cursorSets);
  } finally {
    await stopProcess(server.child);
  }
  handle = await open();
  try {
    const plans = await explainCases(handle.makeDb, handle.sql, heavyIds[0] ?? 0, cursorSets);
    return [...table(title, rows), '', ...plans];
  } finally {
    await handle.close();
  }
}

async function pgliteRun(scale: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-scale-'));
  const open = async (): Promise<Handle> => {
    const client = await PGlite.create(dataDir);
    return {
      sql: {
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      },
      db: drizzlePglite({ client, schema }) as unknown as Database,
      makeDb: (logger) => drizzlePglite({ client, schema, logger }) as unknown as Database,
      close: () => client.close(),
    };
  };
  try {
    return await runOn(
      `PGlite (embedded), ${scale} of the PostgreSQL sizes`,
      sizesFor(scale),
      open,
      (h) => migratePglite(h.db as never),
      { DATA_DIR: dataDir, DATABASE_URL: '' },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    await client.query(text);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function postgresRun(scale: number): Promise<string[] | null> {
  const name = `loan_bench_scale_${Date.now()}`;
  if (!(await adminQuery(`create database ${name}`))) return null;
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const open = async (): Promise<Handle> => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return {
      sql: {
        query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      },
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      makeDb: (logger) => drizzlePg({ client: pool, schema, logger }) as unknown as Database,
      close: () => pool.end(),
    };
  };
  try {
    return await runOn(
      `PostgreSQL, ${scale === 1 ? 'full sizes' : `${scale} of the full sizes`}`,
      sizesFor(scale),
      open,
      async () => {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migratePostgres(pool);
        } finally {
          await pool.end();
        }
      },
      { DATABASE_URL: url },
    );
  } finally {
    // BENCH_KEEP=1 leaves the database for a look at it afterwards
    if (process.env.BENCH_KEEP === '1') log(`kept database ${name}`);
    else await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

const started = Date.now();
const report: string[] = [];
const pgScale = Number(process.env.BENCH_SCALE ?? 1);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? pgScale / 10);
const only = process.env.BENCH_ONLY; // 'postgres' | 'pglite'
if (only !== 'pglite') {
  const pgReport = await postgresRun(pgScale);
  if (pgReport) report.push(...pgReport);
  else log('PostgreSQL does not answer on 127.0.0.1:5432: skipped');
}
if (only !== 'postgres') report.push(...(await pgliteRun(pgliteScale)));
console.log(
  `\n${REQUESTS} requests per case, one at a time, page size ${PAGE}, ${new Date().toISOString()}, node ${process.version}, ${Math.round((Date.now() - started) / 1000)} s in all\n`,
);
console.log(report.join('\n'));
