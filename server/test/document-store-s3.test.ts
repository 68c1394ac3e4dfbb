import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../src/adapters/files/sealed.ts';
import { rotateKeys } from '../src/cli/keys/commands.ts';
import { type Config, DEFAULT_PII_KEY, loadConfig } from '../src/config.ts';
import { documents } from '../src/db/schema.ts';
import { openBytes, sealedBytesKeyId } from '../src/lib/sealed-bytes.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';
import { fakeS3 } from './helpers/fake-s3.ts';
import { storageKeyOf, storedBytes, storedCount } from './helpers/stored.ts';
import { realJpeg } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * FILE_STORAGE=s3: documents go to an S3-compatible bucket, sealed before they leave (the bucket never holds a
 * plain image); the SDK's client is replaced by an in-memory bucket (no network).
 */
const S3_ENV = { FILE_STORAGE: 's3', S3_BUCKET: 'loan-docs', S3_REGION: 'cn-north-1' };

describe('the S3 store', () => {
  const bucket = fakeS3('loan-docs');
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: S3_ENV, s3: bucket });
    token = await login(t.app, 'demo', 'Demo1234');
  });
  afterAll(() => t.close());

  /** Another server's store on the same database and bucket, with these keys. */
  const store = (config: Config) =>
    createFileStorage({ ...config, fileDir: t.config.fileDir }, t.db, { s3: bucket });

  it('an upload is one sealed object in the bucket, nothing in the database; it opens as uploaded', async () => {
    const before = await storedCount(t.db);
    const jpeg = await realJpeg();
    const res = await uploadFile(t.app, token, 'ID_CARD_FRONT', jpeg, 'front.jpg');
    expect(res.response.rspCode).toBe(RSP.OK);
    const key = await storageKeyOf(t.db, res.result.documentId);
    expect(key).toMatch(/^s3\/u\d+\/ID_CARD_FRONT-[0-9a-f-]{36}\.jpg$/);
    expect(await storedCount(t.db)).toBe(before);
    const object = bucket.objects.get(key.slice(3));
    expect(object?.metadata).toEqual({ 'key-id': t.config.piiKeys.currentId });
    expect(sealedBytesKeyId(object?.body ?? new Uint8Array())).toBe(t.config.piiKeys.currentId);
    const plain = await storedBytes(t, res.result.documentId);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(object?.body.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(
      Buffer.from(openBytes(t.config.piiKeys, key, object?.body ?? new Uint8Array())).equals(plain),
    ).toBe(true);
  });

  it('an object moved under another key does not open; a removed one is gone; the database blobs still read', async () => {
    const [first, second] = [...bucket.objects.keys()];
    const res = await uploadFile(t.app, token, 'ID_CARD_BACK', await realJpeg(), 'back.jpg');
    const key = await storageKeyOf(t.db, res.result.documentId);
    const own = bucket.objects.get(key.slice(3));
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    bucket.objects.set(
      key.slice(3),
      bucket.objects.get(first ?? '') ?? { body: Buffer.alloc(0), metadata: {} },
    );
    await expect(t.files.get(key)).rejects.toThrow(/authentication failed/);
    bucket.objects.set(key.slice(3), own ?? { body: Buffer.alloc(0), metadata: {} });
    await t.files.remove(key);
    expect(bucket.objects.has(key.slice(3))).toBe(false);
    await expect(t.files.get(key)).rejects.toThrow(/document not found/);
    await t.db.delete(documents).where(eq(documents.id, res.result.documentId));

    // uploaded before FILE_STORAGE=s3 was chosen: still read from the database
    const inDatabase = createFileStorage({ ...t.config, fileStorage: { kind: 'database' } }, t.db);
    const dbKey = await inDatabase.put(Buffer.from('older upload'), {
      userId: 1,
      kind: 'ID_CARD_BACK',
      extension: 'png',
    });
    expect(Buffer.from(await store(t.config).get(dbKey)).toString()).toBe('older upload');
  });

  it('keys rotate re-writes the objects under the current key', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      ...S3_ENV,
      PII_KEY: '5c'.repeat(32),
      PII_KEY_ID: 'pii-b',
      PII_OLD_KEYS: `pii-dev:${DEFAULT_PII_KEY}`,
    });
    const lines: string[] = [];
    const env = {
      db: t.db,
      keys: config,
      print: (l: string) => lines.push(l),
      documentStores: store(config).backends,
    };
    expect(await rotateKeys(env, 2)).toBe(0);
    expect(lines).toContain('s3: 重新加密 re-sealed 1');
    for (const object of bucket.objects.values()) {
      expect(sealedBytesKeyId(object.body)).toBe('pii-b');
      expect(object.metadata).toEqual({ 'key-id': 'pii-b' });
    }
  });
});

describe('the S3 settings fail closed', () => {
  it('database by default; s3 when S3_BUCKET is set; the endpoint and path style for S3-compatible services', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'database' });
    expect(loadConfig({ S3_BUCKET: 'b', AWS_REGION: 'r' }).fileStorage).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'r',
      endpoint: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...S3_ENV, S3_ENDPOINT: 'https://minio.internal:9000', S3_FORCE_PATH_STYLE: '1' })
        .fileStorage,
    ).toMatchObject({ endpoint: 'https://minio.internal:9000', forcePathStyle: true });
  });

  it.each([
    [{ FILE_STORAGE: 's3' }, ['S3_BUCKET', 'S3_REGION']],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'b' }, ['S3_REGION']],
    [{ S3_REGION: 'r' }, ['S3_REGION']],
    [{ FILE_STORAGE: 'database', S3_BUCKET: 'b' }, ['S3_BUCKET']],
    [{ S3_ENDPOINT: 'https://minio:9000' }, ['S3_ENDPOINT']],
    [{ FILE_STORAGE: 'local' }, ['FILE_STORAGE']],
    [
      { ...S3_ENV, S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' },
      ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'],
    ],
  ])('%j is refused, one bilingual line per setting, in production and outside it', (env, names) => {
    for (const base of [{}, { NODE_ENV: 'production', SANDBOX: '1' }]) {
      const lines = configProblems({ ...base, ...env }).filter((l) => /FILE_STORAGE|S3_/.test(l));
      expect(lines.map((l) => l.split(/[ =]/)[0])).toEqual(names);
      for (const line of lines) expect(line).toMatch(/[\u4e00-\u9fff].* \/ [A-Za-z]/);
    }
  });
});
