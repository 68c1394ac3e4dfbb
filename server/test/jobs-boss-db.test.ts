import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossDatabase } from '../src/jobs/boss-db.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

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
