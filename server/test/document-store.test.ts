import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../src/adapters/files/sealed.ts';
import { documentBlobs } from '../src/db/schema.ts';
import { type Keyring, SealedValueError } from '../src/lib/at-rest.ts';
import { openBytes, sealBytes, sealedBytesKeyId } from '../src/lib/sealed-bytes.ts';
import { ORPHAN_DOCUMENT_AGE_MS, purgeOrphanDocuments } from '../src/modules/documents/orphans.ts';
import { createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';
import { isStored, storageKeyOf, storedBytes } from './helpers/stored.ts';
import { realJpeg, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * Uploaded documents are sealed at rest in the database (AES-256-GCM, the personal-data keyring, the key id
 * named, bound to the storage key), so every server sees them and no plain image lies on a disk.
 */
const KEY_A = 'ab'.repeat(32);
const KEY_B = 'cd'.repeat(32);
const RING_A: Keyring = { currentId: 'a1', keys: { a1: KEY_A } };
const RING_B_WITH_A: Keyring = { currentId: 'b1', keys: { a1: KEY_A, b1: KEY_B } };
const KEY = 'db/u7/ID_CARD_FRONT-0b9e3c2a-1d4f-4a57-9c1e-2f3a4b5c6d7e.png';
const OTHER_KEY = 'db/u8/ID_CARD_FRONT-0b9e3c2a-1d4f-4a57-9c1e-2f3a4b5c6d7e.png';

describe('sealed bytes', () => {
  it('round-trip, name their key id, never hold the plain bytes, differ each time', () => {
    const plain = Buffer.from('\x89PNG\r\n\x1a\n 身份证 110105194912310021', 'utf8');
    const sealed = sealBytes(RING_A, KEY, plain);
    expect(sealedBytesKeyId(sealed)).toBe('a1');
    expect(Buffer.from(sealed).includes(plain)).toBe(false);
    expect(Buffer.from(sealed).includes(Buffer.from('110105194912310021'))).toBe(false);
    expect(Buffer.from(openBytes(RING_A, KEY, sealed)).equals(plain)).toBe(true);
    expect(Buffer.from(sealBytes(RING_A, KEY, plain)).equals(Buffer.from(sealed))).toBe(false);
  });

  it('do not open under another storage key, altered, or without their key; an older key of the ring opens', () => {
    const sealed = sealBytes(RING_A, KEY, Buffer.from('licence'));
    expect(() => openBytes(RING_A, OTHER_KEY, sealed)).toThrow(SealedValueError);
    const altered = new Uint8Array(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => openBytes(RING_A, KEY, altered)).toThrow(SealedValueError);
    expect(() => openBytes({ currentId: 'b1', keys: { b1: KEY_B } }, KEY, sealed)).toThrow(SealedValueError);
    expect(Buffer.from(openBytes(RING_B_WITH_A, KEY, sealed)).toString()).toBe('licence');
    expect(sealedBytesKeyId(sealBytes(RING_B_WITH_A, KEY, Buffer.from('x')))).toBe('b1');
    expect(() => openBytes(RING_A, KEY, Buffer.from('\x89PNG plain'))).toThrow(SealedValueError);
  });
});

describe('uploads are kept sealed in the database', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, 'demo', 'Demo1234');
  });
  afterAll(() => t.close());

  it('an ID card image: one document_blobs row under the current key id, no plain image in it, opens as stored', async () => {
    const res = await uploadFile(t.app, token, 'ID_CARD_FRONT', await realJpeg(), 'front.jpg');
    expect(res.response.rspCode).toBe(RSP.OK);
    const key = await storageKeyOf(t.db, res.result.documentId);
    expect(key).toMatch(/^db\/u\d+\/ID_CARD_FRONT-[0-9a-f-]{36}\.jpg$/);
    const [blob] = await t.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, key));
    expect(blob?.keyId).toBe(t.config.piiKeys.currentId);
    const sealed = Buffer.from(blob?.sealed ?? []);
    expect(sealedBytesKeyId(sealed)).toBe(t.config.piiKeys.currentId);
    const plain = await storedBytes(t, res.result.documentId);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(plain.length).toBe(res.result.sizeBytes);
    expect(sealed.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(sealed.includes(plain.subarray(100, 132))).toBe(false);
  });

  it("a blob copied under another document's key does not open there", async () => {
    const png = await realPng();
    const a = await uploadFile(t.app, token, 'ID_CARD_FRONT', png, 'a.png');
    const b = await uploadFile(t.app, token, 'ID_CARD_BACK', png, 'b.png');
    const keyA = await storageKeyOf(t.db, a.result.documentId);
    const keyB = await storageKeyOf(t.db, b.result.documentId);
    const [blobA] = await t.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, keyA));
    await t.db
      .update(documentBlobs)
      .set({ sealed: blobA?.sealed ?? new Uint8Array() })
      .where(eq(documentBlobs.storageKey, keyB));
    await expect(t.files.get(keyB)).rejects.toThrow(SealedValueError);
    expect((await t.files.get(keyA)).length).toBe(a.result.sizeBytes);
  });

  it('every server sees the files: a second store on the same database reads them; removal deletes the row', async () => {
    const res = await uploadFile(t.app, token, 'ID_CARD_BACK', await realPng(), 'back.png');
    const key = await storageKeyOf(t.db, res.result.documentId);
    const elsewhere = createFileStorage(t.config, t.db);
    expect(Buffer.from(await elsewhere.get(key)).equals(await storedBytes(t, res.result.documentId))).toBe(
      true,
    );
    await elsewhere.remove(key);
    await expect(t.files.get(key)).rejects.toThrow(/document not found/);
  });

  // last: it moves the clock past the session
  it('a sealed file no document names is purged a day after it was stored, not before', async () => {
    const hint = { userId: 1, kind: 'ID_CARD_FRONT', extension: 'png' };
    const stray = await t.files.put(Buffer.from('upload cut short'), hint);
    t.clock.advance(ORPHAN_DOCUMENT_AGE_MS + MINUTE);
    const recent = await t.files.put(Buffer.from('upload in progress'), hint);
    expect(await purgeOrphanDocuments(t.db, t.files, t.clock.now())).toMatchObject({ strayBlobs: 1 });
    expect(await isStored(t.db, stray)).toBe(false);
    expect(await isStored(t.db, recent)).toBe(true);
  });
});
