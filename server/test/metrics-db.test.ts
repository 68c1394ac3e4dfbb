import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  observeQueries,
  operationOf,
  QUERY_OPERATIONS,
  type QueryOperation,
} from '../src/db/query-timing.ts';
import { users } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';

// on whichever database the run has: this worker's PostgreSQL database with DATABASE_URL, else PGlite
const driver = workerDatabaseUrl() ? 'postgres' : 'pglite';

async function scrape(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** name{…operation="x"…} value → operation → value */
function byOperation(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const operation = /operation="([^"]*)"/.exec(line)?.[1];
    if (operation !== undefined) out.set(operation, Number(line.split(' ').pop()));
  }
  return out;
}

describe(`db_query_duration_seconds (${driver})`, () => {
  let t: TestApp;
  let text: string;

  beforeAll(async () => {
    t = await createTestApp();
    // a borrower signed up, certified and signed in: selects, inserts, updates, transactions
    const b = await makeReadyBorrower(t, 'metricsdb1');
    await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
    text = await scrape(t.app);
  });
  afterAll(() => t.close());

  it('is a histogram counting the statements by operation', () => {
    expect(text).toContain('# TYPE db_query_duration_seconds histogram');
    const counts = byOperation(text, 'db_query_duration_seconds_count');
    expect([...counts.keys()].sort()).toEqual([...QUERY_OPERATIONS].sort());
    for (const operation of ['select', 'insert', 'update'] as const)
      expect(counts.get(operation), operation).toBeGreaterThan(0);
    const sums = byOperation(text, 'db_query_duration_seconds_sum');
    expect(sums.get('select')).toBeGreaterThan(0);
    expect(text).toMatch(/db_query_duration_seconds_bucket\{le="0\.001",operation="select"\} \d+/);
  });

  it('never labels a series with a statement’s text or values', () => {
    const lines = text.split('\n').filter((line) => line.startsWith('db_query_duration_seconds'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/from|into|where|metricsdb1/i);
      const labels = line.slice(line.indexOf('{') + 1, line.indexOf('}'));
      for (const pair of labels.split(',')) expect(['le', 'operation']).toContain(pair.split('=')[0]);
    }
  });

  it('counts the scrape’s own grouped counts too', async () => {
    const before = byOperation(text, 'db_query_duration_seconds_count').get('select') ?? 0;
    const after = byOperation(await scrape(t.app), 'db_query_duration_seconds_count').get('select') ?? 0;
    expect(after).toBeGreaterThan(before);
  });
});

describe(`the driver-level observer (${driver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells each statement, in and out of transactions, until it stops observing', async () => {
    const seen: QueryOperation[] = [];
    const stop = observeQueries(t.db, (operation, seconds) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push(operation);
    });
    await t.db.select({ id: users.id }).from(users).limit(1);
    await t.db.execute(sql`select 1`);
    await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).limit(1);
      await tx
        .update(users)
        .set({ loginId: sql`${users.loginId}` })
        .where(sql`false`);
    });
    // a failed statement is timed too
    await expect(t.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    stop();
    const told = seen.length;
    await t.db.select({ id: users.id }).from(users).limit(1);
    expect(seen.length).toBe(told);
    expect(seen.filter((o) => o === 'select').length).toBe(4);
    expect(seen.filter((o) => o === 'update').length).toBe(1);
    // node-postgres runs BEGIN and COMMIT as statements of their own; PGlite runs them itself, untimed
    expect(seen.filter((o) => o === 'other').length).toBe(driver === 'postgres' ? 2 : 0);
  });
});

describe('operationOf', () => {
  it('reads the first word, any case, and nothing else', () => {
    expect(operationOf('select 1')).toBe('select');
    expect(operationOf('\n  SELECT * from users')).toBe('select');
    expect(operationOf('insert into t values (1)')).toBe('insert');
    expect(operationOf('Update t set a = 1')).toBe('update');
    expect(operationOf('delete from t')).toBe('delete');
    expect(operationOf('with x as (select 1) select * from x')).toBe('other');
    expect(operationOf('begin')).toBe('other');
    expect(operationOf('selected')).toBe('other');
    expect(operationOf(undefined)).toBe('other');
  });
});
