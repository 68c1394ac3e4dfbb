import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { diskSyncCount } from '../src/db/durable-fs.ts';

const dir = mkdtempSync(join(tmpdir(), 'loan-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function show(db: Awaited<ReturnType<typeof openDatabase>>['db'], setting: string): Promise<string> {
  const result = await db.execute<Record<string, string>>(sql.raw(`show ${setting}`));
  return (result as unknown as { rows: Array<Record<string, string>> }).rows[0]![setting]!;
}

describe('the embedded database on a data directory', () => {
  it('is created by a child process (a start cut off half-way redone), then runs with fsync on, every commit synced to disk', async () => {
    // what a first start killed while moving the new cluster in leaves: its staging folder and part of its files
    mkdirSync(join(dir, '.new-cluster', 'base'), { recursive: true });
    mkdirSync(join(dir, 'global'));
    writeFileSync(join(dir, 'global', 'pg_control'), 'cut off');

    const handle = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dir, '.new-cluster'))).toBe(false);
      expect(await show(handle.db, 'fsync')).toBe('on');
      expect(await show(handle.db, 'synchronous_commit')).toBe('on');
      // PGlite's fdatasync() does nothing: the WAL must be flushed with fsync(), which reaches the disk
      expect(await show(handle.db, 'wal_sync_method')).toBe('fsync');
      expect(await show(handle.db, 'shared_buffers')).toBe('8MB');

      await handle.db.execute(sql`create table durable_probe (id int primary key)`);
      const before = diskSyncCount();
      await handle.db.execute(sql`insert into durable_probe values (1)`);
      expect(diskSyncCount()).toBeGreaterThan(before);
    } finally {
      await handle.close();
    }

    const reopened = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(await show(reopened.db, 'fsync')).toBe('on');
      const rows = await reopened.db.execute<{ n: number }>(
        sql`select count(*)::int as n from durable_probe`,
      );
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
