import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFileStorage } from '../src/adapters/files/sealed.ts';
import { buildApp } from '../src/app.ts';
import { backupEmbedded } from '../src/cli/backup/backup.ts';
import { BackupRefusal, manifestPathOf } from '../src/cli/backup/manifest.ts';
import { restoreEmbedded } from '../src/cli/backup/restore.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { documentBlobs, sellerStores } from '../src/db/schema.ts';
import { seedDemoAccounts } from '../src/db/seed.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { createJobEngine } from '../src/jobs/engine.ts';
import { seal } from '../src/lib/sealed-columns.ts';
import { createClock, login, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { deliverNotifies, loanIdOf, payCalls } from './helpers/payments.ts';
import { realJpeg, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * `npm run backup` / `npm run restore` of the embedded database: a data directory on disk with loans, a paid
 * instalment, sealed documents and the job engine's schema is backed up and restored into a new directory, and
 * every table of both compares equal row for row. The refusals change nothing. PGlite whatever DATABASE_URL says:
 * the backup is of the embedded database.
 */

const root = mkdtempSync(join(tmpdir(), 'loan-backup-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Keys of their own (not the development ones): the restore must be told them. */
const KEY_ENV = {
  PII_KEY: '3a'.repeat(32),
  PII_KEY_ID: 'pii-backup-1',
  STORE_TOKEN_KEY: '4b'.repeat(32),
  STORE_TOKEN_KEY_ID: 'store-backup-1',
};

function configFor(dataDir: string, env: Record<string, string> = KEY_ENV) {
  return loadConfig({
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: join(root, 'no-web'),
    CONSOLE_DIST: join(root, 'no-web'),
    DATA_DIR: dataDir,
    FILE_DIR: join(root, 'files'),
    ...env,
  });
}

/** The test app of the helpers, on a PGlite data directory (a copy of the suite's migrated one when there is). */
async function diskApp(dataDir: string): Promise<TestApp> {
  const template = inject('pgliteDataDir');
  if (template) cpSync(template, dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  await handle.migrate();
  const clock = createClock();
  const config = configFor(dataDir);
  await seedDemoAccounts(handle.db, config, clock.now());
  await seedCatalogue(handle.db, clock.now());
  const files = createFileStorage(config, handle.db, { now: clock.now });
  const app = await buildApp({ config, db: handle.db, now: clock.now, logger: false, files });
  await app.ready();
  const close = async () => {
    await app.close();
    await handle.close();
  };
  return { app, db: handle.db, config, files, clock, close };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every table of every schema but PostgreSQL's own: its row count and an md5 of all its rows in text order. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const out: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const [row] = rowsOf<{ n: string; md5: string | null }>(
      await db.execute(
        sql`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as md5
          from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
    );
    out[`${schema}.${name}`] = `${row?.n}:${row?.md5 ?? '-'}`;
  }
  return out;
}

async function withDisk<T>(dataDir: string, read: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

const source = join(root, 'source');
const file = join(root, 'backups', 'portal.tar.gz');
/** storage key → the document's bytes as uploaded (opened) */
const uploaded = new Map<string, Buffer>();

beforeAll(async () => {
  const t = await diskApp(source);
  try {
    const b = await makeReadyBorrower(t, 'backup1');
    // a marketplace token, sealed with the store-token keyring
    const tokenEnc = seal(t.config, 'storeToken', b.userId, 'marketplace-refresh-token');
    await t.db.update(sellerStores).set({ tokenEnc }).where(eq(sellerStores.userId, b.userId));
    const loanId = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT01', '120000', 12));
    const pay = payCalls(t);
    const order = (await pay.repayNow(b.token, { loanId, seq: 1, channel: 'ALIPAY' })).result.order;
    await pay.cashier(b.token, order.outTradeNo);
    expect(await deliverNotifies(t)).toBe(1);
    const token = await login(t.app, 'demo', 'Demo1234');
    for (const [kind, bytes] of [
      ['ID_CARD_FRONT', await realJpeg()],
      ['BUSINESS_LICENCE', await realPng()],
    ] as const) {
      expect((await uploadFile(t.app, token, kind, bytes, 'scan')).status).toBe(200);
    }
    for (const blob of await t.db.select().from(documentBlobs)) {
      uploaded.set(blob.storageKey, Buffer.from(await t.files.get(blob.storageKey)));
    }
    // the job engine's own schema (pgboss), as a server's start makes it
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const engine = createJobEngine({ db: t.db, log: quiet, jobs: [] });
    await engine.start();
    await engine.stop();
  } finally {
    await t.close();
  }
}, 120_000);

describe('backup and restore of the embedded database', () => {
  it('restores into a new directory a database equal table for table, row for row; its documents open', async () => {
    const backup = await backupEmbedded({ dataDir: source, out: file });
    expect(backup.manifestFile).toBe(manifestPathOf(file));
    const manifest = JSON.parse(readFileSync(backup.manifestFile, 'utf8'));
    expect(manifest.keyIds).toEqual({ pii: ['pii-backup-1'], storeToken: ['store-backup-1'] });
    expect(manifest.migration.latest).toMatch(/^\d{4}_/);
    expect(manifest.tables['public.loans']).toBe(1);
    expect(manifest.tables['public.document_blobs']).toBe(2);
    expect(JSON.stringify(manifest)).not.toContain(KEY_ENV.PII_KEY);

    const target = join(root, 'restored');
    const restored = await restoreEmbedded({ file, dataDir: target, keys: configFor(target) });
    expect(restored.tables).toEqual(manifest.tables);

    const before = await withDisk(source, fingerprint);
    const after = await withDisk(target, async (db) => {
      const files = createFileStorage(configFor(target), db);
      for (const [key, bytes] of uploaded) expect(Buffer.from(await files.get(key)).equals(bytes)).toBe(true);
      return fingerprint(db);
    });
    expect(after).toEqual(before);
    const schemas = new Set(Object.keys(before).map((name) => name.split('.')[0]));
    expect([...schemas].sort()).toEqual(['drizzle', 'pgboss', 'public']);
    for (const table of ['loans', 'instalments', 'payment_orders', 'ledger_transactions', 'document_blobs']) {
      expect(before[`public.${table}`]).not.toMatch(/^0:/);
    }
    expect(uploaded.size).toBe(2);
  }, 120_000);

  it('refuses a target that is not empty, a file altered, a keyring without a key the backup needs: nothing changed', async () => {
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    await expect(restoreEmbedded({ file, dataDir: occupied, keys: configFor(occupied) })).rejects.toThrow(
      /目标目录 .* 不是空的.*\/ The target directory/s,
    );
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const altered = join(root, 'altered.tar.gz');
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(altered, bytes);
    cpSync(manifestPathOf(file), manifestPathOf(altered));
    const empty = join(root, 'empty');
    mkdirSync(empty);
    await expect(restoreEmbedded({ file: altered, dataDir: empty, keys: configFor(empty) })).rejects.toThrow(
      /已损坏或被改动：sha256 与清单不符/,
    );
    expect(readdirSync(empty)).toEqual([]);

    const devKeys = configFor(empty, {});
    const refusal = await restoreEmbedded({ file, dataDir: empty, keys: devKeys }).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(BackupRefusal);
    expect((refusal as Error).message).toMatch(/缺少备份所需的密钥编号/);
    expect((refusal as Error).message).toContain('pii-backup-1');
    expect((refusal as Error).message).toContain('store-backup-1');
    expect(readdirSync(empty)).toEqual([]);
    const missing = join(root, 'never-made');
    await expect(restoreEmbedded({ file, dataDir: missing, keys: devKeys })).rejects.toThrow(BackupRefusal);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses to back up while another live process holds the data directory (a running server)', async () => {
    const lockModule = join(import.meta.dirname, '..', 'src', 'db', 'lock.ts');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
         acquireDataDirLock(${JSON.stringify(source)}); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
      holder.stdout!.once('data', () => resolve());
    });
    const out = join(root, 'backups', 'while-running.tar.gz');
    const refusal = await backupEmbedded({ dataDir: source, out }).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(BackupRefusal);
    expect((refusal as Error).message).toContain(`正被另一个进程（pid ${holder.pid}）使用`);
    expect((refusal as Error).message).toContain('请先停止服务器');
    expect((refusal as Error).message).toContain('pg_dump');
    expect(existsSync(out)).toBe(false);

    // the command itself: exit code 1, the message, no stack trace
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'src', 'cli', 'backup.ts'),
        '--data-dir',
        source,
        '--out',
        'cli.tar.gz',
      ],
      { env: { ...process.env, DATABASE_URL: '', INIT_CWD: root }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('请先停止服务器');
    expect(cli.stderr).toContain('Stop the server first');
    expect(cli.stderr).not.toMatch(/\n\s+at /);
  });
});
