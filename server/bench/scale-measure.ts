/** bench:scale's measurements: the real server started, pages timed, and the EXPLAIN of the server's own queries. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { API, type LoanRecordQuery, type TradingRecordQuery } from '@loan/domain';
import { eq, type Logger } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { loanRecords } from '../src/modules/loans/records.ts';
import { tradingRecord } from '../src/modules/loans/trading.ts';
import { CASES, type Case } from './scale-cases.ts';
import { log, PAGE, REQUESTS, type Sql, serverDir } from './scale-seed.ts';
import { BENCH_PRODUCTION_ENV, freePort } from './support.ts';
// ---------------------------------------------------------------------------------------------------------
// the server and the measurements

export async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
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

export interface Row {
  list: string;
  name: string;
  rows: number;
  first: Timing;
  deep: Timing;
}

export type CursorSets = Map<string, { cursors: string[]; rows: number }>;
export const cursorKey = (c: Case, userId: number) => `${CASES.indexOf(c)}:${userId}`;

export async function benchLists(
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

export async function explainCases(
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

export function table(title: string, rows: Row[]): string[] {
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
