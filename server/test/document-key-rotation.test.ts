import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyStatus, rotateKeys } from '../src/cli/keys/commands.ts';
import { DEFAULT_PII_KEY, loadConfig } from '../src/config.ts';
import { documentBlobs } from '../src/db/schema.ts';
import { openBytes, sealBytes, sealedBytesKeyId } from '../src/lib/sealed-bytes.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { realJpeg, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * `npm run keys -- rotate` re-seals the stored documents under the current PII key (the old one still in the
 * ring); afterwards the new key alone opens them, a second run changes nothing, and `keys status` counts them.
 */
const B_ENV = {
  NODE_ENV: 'development',
  PII_KEY: '5c'.repeat(32),
  PII_KEY_ID: 'pii-b',
};
const WITH_A = loadConfig({ ...B_ENV, PII_OLD_KEYS: `pii-dev:${DEFAULT_PII_KEY}` });
const B_ALONE = loadConfig(B_ENV);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const token = await login(t.app, 'demo', 'Demo1234');
  for (const [kind, bytes] of [
    ['ID_CARD_FRONT', await realJpeg()],
    ['ID_CARD_BACK', await realPng()],
    ['BUSINESS_LICENCE', await realPng()],
  ] as const) {
    await uploadFile(t.app, token, kind, bytes, 'scan');
  }
});
afterAll(() => t.close());

const blobs = () => t.db.select().from(documentBlobs).orderBy(documentBlobs.storageKey);

describe('key rotation re-seals the stored documents', () => {
  it('under B with A in the ring; B alone then opens each as before; a second run changes nothing', async () => {
    const before = await blobs();
    expect(before.length).toBe(3);
    expect(before.every((b) => b.keyId === 'pii-dev')).toBe(true);
    const plain = before.map((b) => Buffer.from(openBytes(t.config.piiKeys, b.storageKey, b.sealed)));

    const lines: string[] = [];
    expect(await rotateKeys({ db: t.db, keys: WITH_A, print: (l) => lines.push(l) }, 2)).toBe(0);
    expect(lines).toContain('document_blobs: 重新加密 re-sealed 3');

    const after = await blobs();
    expect(after.map((b) => b.storageKey)).toEqual(before.map((b) => b.storageKey));
    for (const [i, blob] of after.entries()) {
      expect(blob.keyId).toBe('pii-b');
      expect(sealedBytesKeyId(blob.sealed)).toBe('pii-b');
      expect(
        Buffer.from(openBytes(B_ALONE.piiKeys, blob.storageKey, blob.sealed)).equals(
          plain[i] ?? Buffer.alloc(0),
        ),
      ).toBe(true);
      expect(() => openBytes(t.config.piiKeys, blob.storageKey, blob.sealed)).toThrow();
    }

    const again: string[] = [];
    expect(await rotateKeys({ db: t.db, keys: WITH_A, print: (l) => again.push(l) }, 2)).toBe(0);
    expect(again).toContain('document_blobs: 重新加密 re-sealed 0');
    expect(await blobs()).toEqual(after);

    const status: string[] = [];
    await keyStatus({ db: t.db, keys: B_ALONE, print: (l) => status.push(l) });
    expect(status).toContain('document_blobs.sealed: pii-b=3');
  });

  it('a blob no key of the ring opens is left as it is, named, and the run exits 1', async () => {
    const [first] = await blobs();
    const key = first?.storageKey ?? '';
    const foreign = { currentId: 'gone', keys: { gone: '77'.repeat(32) } };
    const sealed = sealBytes(foreign, key, Buffer.from('sealed elsewhere'));
    await t.db.update(documentBlobs).set({ sealed, keyId: 'gone' }).where(eq(documentBlobs.storageKey, key));
    const lines: string[] = [];
    expect(await rotateKeys({ db: t.db, keys: WITH_A, print: (l) => lines.push(l) }, 2)).toBe(1);
    expect(lines.join('\n')).toContain(`document_blobs: 重新加密 re-sealed 0，无法读取 unreadable: ${key}`);
    const [still] = await t.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, key));
    expect(Buffer.from(still?.sealed ?? []).equals(Buffer.from(sealed))).toBe(true);
    const status: string[] = [];
    await keyStatus({ db: t.db, keys: B_ALONE, print: (l) => status.push(l) });
    expect(status).toContain('document_blobs.sealed: gone=1 pii-b=2');
  });
});
