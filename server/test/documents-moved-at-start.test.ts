import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../src/adapters/files/local.ts';
import { createFileStorage } from '../src/adapters/files/sealed.ts';
import { loadConfig } from '../src/config.ts';
import { documentBlobs, documents } from '../src/db/schema.ts';
import { sealedBytesKeyId } from '../src/lib/sealed-bytes.ts';
import { moveLocalDocuments } from '../src/modules/documents/move-local.ts';
import { openAndMigrate } from '../src/start.ts';
import { createTestApp, START, type TestApp } from './helpers/app.ts';
import { addBorrower } from './helpers/borrowers.ts';
import { isStored, storageKeyOf, storedCount } from './helpers/stored.ts';
import { realJpeg, realPng } from './helpers/upload-files.ts';

/**
 * Documents the earlier versions kept as plain files under FILE_DIR are moved into the sealed store at start:
 * sealed, the row pointed at the new key, the plain file deleted; idempotent, and two servers at once move each
 * once.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A document as the earlier version stored it: a plain file under FILE_DIR and its row. */
async function plainDocument(t: Pick<TestApp, 'db' | 'config'>, userId: number, bytes: Uint8Array) {
  const key = await createLocalFileStorage(t.config.fileDir).put(bytes, {
    userId,
    kind: 'ID_CARD_FRONT',
    extension: 'png',
  });
  const [row] = await t.db
    .insert(documents)
    .values({
      userId,
      kind: 'ID_CARD_FRONT',
      storageKey: key,
      mimeType: 'image/png',
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      fileName: 'front.png',
      createdAt: START,
    })
    .returning();
  return { id: row?.id ?? 0, key, path: join(t.config.fileDir, key) };
}

describe('the start moves plain document files into the sealed store', () => {
  it('a server started on a database with a plain file: sealed in the database, the file gone, the same bytes served', async () => {
    const env = {
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'loan-move-data-')),
      FILE_DIR: mkdtempSync(join(tmpdir(), 'loan-move-files-')),
    };
    const config = loadConfig(env);
    const png = await realPng();
    const first = await openAndMigrate(config, { seedIfEmpty: false });
    let plain: Awaited<ReturnType<typeof plainDocument>>;
    try {
      const userId = await addBorrower(first.db, config, 'mover', 'Mover1234', START);
      plain = await plainDocument({ db: first.db, config }, userId, png);
    } finally {
      await first.close();
    }
    expect(existsSync(plain.path)).toBe(true);

    const second = await openAndMigrate(config, { seedIfEmpty: false });
    try {
      expect(second.movedDocuments).toEqual({ moved: 1, notHere: 0, altered: 0 });
      expect(existsSync(plain.path)).toBe(false);
      const key = await storageKeyOf(second.db, plain.id);
      expect(key).toMatch(/^db\/u\d+\/ID_CARD_FRONT-[0-9a-f-]{36}\.png$/);
      const [blob] = await second.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, key));
      expect(sealedBytesKeyId(blob?.sealed ?? new Uint8Array())).toBe(config.piiKeys.currentId);
      expect(Buffer.from(blob?.sealed ?? []).includes(png.subarray(0, 16))).toBe(false);
      const served = await createFileStorage(config, second.db).get(key);
      expect(Buffer.from(served).equals(png)).toBe(true);
    } finally {
      await second.close();
    }
    // two starts of an embedded database on disk (its first creates the cluster): slow on a loaded machine
  }, 300_000);
});

describe('moving is idempotent and safe with two servers at once', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    userId = await addBorrower(t.db, t.config, 'mover2', 'Mover1234', START);
  });
  afterAll(() => t.close());

  it('two servers moving at once: each document moved once, one sealed copy kept, the file gone', async () => {
    const png = await realPng();
    const a = await plainDocument(t, userId, png);
    const b = await plainDocument(t, userId, await realJpeg());
    const before = await storedCount(t.db);
    const otherServer = createFileStorage(t.config, t.db);
    const [one, two] = await Promise.all([
      moveLocalDocuments(t.db, t.files),
      moveLocalDocuments(t.db, otherServer),
    ]);
    expect((one?.moved ?? 0) + (two?.moved ?? 0)).toBe(2);
    expect(await storedCount(t.db)).toBe(before + 2);
    for (const doc of [a, b]) {
      expect(existsSync(doc.path)).toBe(false);
      expect(await isStored(t.db, await storageKeyOf(t.db, doc.id))).toBe(true);
    }
    expect(Buffer.from(await t.files.get(await storageKeyOf(t.db, a.id))).equals(png)).toBe(true);
    expect(await moveLocalDocuments(t.db, t.files)).toEqual({ moved: 0, notHere: 0, altered: 0 });
  });

  it('a file not on this host is left for the server that has it; an altered file is not sealed as the upload', async () => {
    const png = await realPng();
    const elsewhere = await plainDocument(t, userId, png);
    rmSync(elsewhere.path);
    const altered = await plainDocument(t, userId, png);
    writeFileSync(altered.path, Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]));
    expect(await moveLocalDocuments(t.db, t.files)).toEqual({ moved: 0, notHere: 1, altered: 1 });
    expect(await storageKeyOf(t.db, elsewhere.id)).toBe(elsewhere.key);
    expect(await storageKeyOf(t.db, altered.id)).toBe(altered.key);
    expect(existsSync(altered.path)).toBe(true);
  });
});
