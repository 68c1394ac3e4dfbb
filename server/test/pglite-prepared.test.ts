import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { MAX_PREPARED_READS } from '../src/db/pglite-prepared.ts';

// PGlite's reads kept prepared (src/db/pglite-prepared.ts): the same answers as PGlite's own path, only for plain
// reads outside a transaction. On PGlite whatever DATABASE_URL says: the wrapper exists only there.
let handle: DatabaseHandle;
let client: PGlite;

/** PGlite's prepared statements, read by a simple query (exec), which the wrapper leaves alone */
const preparedNames = async () => {
  const [result] = await client.exec('select name from pg_prepared_statements order by name');
  return (result?.rows ?? []).map((row) => (row as { name: string }).name);
};

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: null, dataDir: null });
  client = (handle.db as unknown as { $client: PGlite }).$client;
  await client.exec(`create table things (
    id serial primary key, label text, amount numeric(14, 2), at timestamptz, doc jsonb, blob bytea, flag boolean)`);
  await client.query(
    'insert into things (label, amount, at, doc, blob, flag) values ($1, $2, $3, $4, $5, $6), ($7, null, null, null, null, null)',
    ['一', '12.30', new Date('2026-11-27T08:00:00Z'), { a: [1, 2] }, new Uint8Array([0, 255, 7]), true, '二'],
  );
});

afterAll(async () => {
  await handle.close();
});

describe('PGlite reads kept prepared', () => {
  const read =
    'select id, label, amount, at, doc, blob, flag from things where id >= $1 and label <> $2 order by id';

  it('answers a read the same the first time (PGlite own path) and once prepared, and prepares it on the second run', async () => {
    const names = await preparedNames();
    const first = await client.query(read, [1, 'x']);
    expect(await preparedNames()).toEqual(names);
    const second = await client.query(read, [1, 'x']);
    const third = await client.query(read, [2, 'x'], { rowMode: 'array' });
    expect((await preparedNames()).length).toBe(names.length + 1);
    expect(second.rows).toEqual(first.rows);
    expect(second.fields).toEqual(first.fields);
    expect(first.rows[0]).toMatchObject({
      id: 1,
      label: '一',
      amount: '12.30',
      doc: { a: [1, 2] },
      blob: new Uint8Array([0, 255, 7]),
      flag: true,
    });
    expect((first.rows[0] as { at: Date }).at.toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(third.rows).toEqual([[2, '二', null, null, null, null, null]]);
  });

  it('binds null and typed parameters as PGlite does', async () => {
    const text =
      'select count(*)::int as n from things where ($1::text is null or label = $1) and ($2::bytea is null or blob = $2)';
    for (let run = 0; run < 3; run += 1) {
      expect((await client.query(text, [null, null])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(text, ['一', new Uint8Array([0, 255, 7])])).rows).toEqual([{ n: 1 }]);
    }
  });

  it('leaves writes, locking reads, SELECTs that change something and reads inside a transaction to PGlite', async () => {
    const names = await preparedNames();
    for (let run = 0; run < 3; run += 1) {
      await client.query('update things set flag = $1 where id = $2', [run % 2 === 0, 2]);
      await client.query('select id from things where id = $1 for update', [2]);
      await client.query("select nextval(pg_get_serial_sequence('things', 'id'))::int as id");
      await client.transaction(async (tx) => {
        await tx.query('select label from things where id = $1', [1]);
      });
    }
    expect(await preparedNames()).toEqual(names);
    expect((await client.query('select flag from things where id = 2')).rows).toEqual([{ flag: true }]);
  });

  it('a failing prepared read throws PostgreSQL error and leaves the database usable', async () => {
    const text = 'select 10 / $1::int as q';
    expect((await client.query(text, [2])).rows).toEqual([{ q: 5 }]);
    expect((await client.query(text, [5])).rows).toEqual([{ q: 2 }]);
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(text, [1])).rows).toEqual([{ q: 10 }]);
  });

  it('keeps at most MAX_PREPARED_READS statements', async () => {
    for (let n = 0; n < MAX_PREPARED_READS + 20; n += 1) {
      const text = `select ${n} as n`;
      await client.query(text);
      expect((await client.query(text)).rows).toEqual([{ n }]);
    }
    expect((await preparedNames()).length).toBe(MAX_PREPARED_READS);
  });
});
