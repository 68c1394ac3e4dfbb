import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossDatabase } from '../src/jobs/boss-db.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { until } from './helpers/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the job engine's database", () => {
  it('close waits for a statement already sent, then answers nothing without touching the database', async () => {
    const db = bossDatabase(t.db);
    let settled = false;
    const running = db.executeSql('select pg_sleep(0.2), 7 as n', []).then((result) => {
      settled = true;
      return result;
    });
    await db.close();
    // the statement sent before close finished before close returned
    expect(settled).toBe(true);
    expect((await running)?.rows[0]).toMatchObject({ n: 7 });
    expect(await db.executeSql('select 1 as n', [])).toBeUndefined();
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the job engine's database on PostgreSQL", () => {
  it('a schema created by another server at the same time is told as "already exists" (the race pg-boss expects)', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const schema = `race_${Date.now().toString(36)}`;
    const other = await pool.connect();
    const db = bossDatabase(t.db);
    try {
      await other.query('begin');
      await other.query(`create schema ${schema}`);
      const installing = db.executeSql(`BEGIN; CREATE SCHEMA IF NOT EXISTS ${schema}; COMMIT;`).then(
        () => null,
        (error: unknown) => error as Error,
      );
      await until(async () => {
        const waiting = await pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        return (waiting.rows[0] as { n: number }).n > 0;
      }, 'the second create waiting on the first');
      await other.query('commit');
      const failure = await installing;
      // PostgreSQL reports the race as a duplicate key of pg_namespace: told in pg-boss's words
      expect(failure?.message).toContain('already exists');
    } finally {
      other.release();
      await pool.query(`drop schema if exists ${schema} cascade`);
      await db.close();
    }
  });
});
