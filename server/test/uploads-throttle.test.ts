import { MAX_DOCUMENT_BYTES, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, rateLimitHits, users } from '../src/db/schema.ts';
import { imageDecodes } from '../src/modules/documents/image.ts';
import { refusalKey } from '../src/modules/documents/upload-throttle.ts';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { pngClaiming, realPng } from './helpers/upload-files.ts';
import { postUploadBody, uploadFile } from './helpers/uploads.ts';

/** Holds every admitted upload while closed; tells how many are waiting. */
function createGate() {
  let open: () => void = () => {};
  let opened = Promise.resolve();
  let waiting = 0;
  let onWaiting: (() => void) | undefined;
  let waitingFor = 0;
  return {
    close() {
      opened = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
    /** resolves once `n` uploads wait at the gate */
    waiters(n: number) {
      return new Promise<void>((resolve) => {
        if (waiting >= n) return resolve();
        waitingFor = n;
        onWaiting = resolve;
      });
    },
    async hook() {
      waiting += 1;
      if (onWaiting && waiting >= waitingFor) onWaiting();
      await opened;
      waiting -= 1;
    },
  };
}

const gate = createGate();
let t: TestApp;
let token: string;
let userId: number;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({
    env: { UPLOADS_AT_ONCE: '2', UPLOADS_PER_MINUTE: '3', UPLOAD_REFUSALS_PER_15_MINUTES: '3' },
    testHooks: { uploadAdmitted: () => gate.hook() },
  });
  token = await login(t.app, 'demo', 'Demo1234');
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  userId = row?.id ?? 0;
  png = await realPng(40, 20);
});
afterAll(() => t.close());

const upload = (bytes: Uint8Array = png) => uploadFile(t.app, token, 'ID_CARD_FRONT', bytes);
const refusedUploads = async () => {
  // the limiter's store prefixes its keys
  const rows = await t.db.select().from(rateLimitHits);
  return rows.find((row) => row.key.endsWith(refusalKey(userId)))?.hits ?? 0;
};
const documentCount = async () =>
  (await t.db.select().from(documents).where(eq(documents.userId, userId))).length;

/** A refusal before the file is read: its code and text, nothing stored, nothing decoded. */
async function expectRefusedBeforeReading(code: string, bytes: Uint8Array = png) {
  const before = await tableCounts(t.db);
  const decodes = imageDecodes();
  const res = await upload(bytes);
  expect(res.status).toBe(200);
  expect(res.response).toEqual({ rspCode: code, rspDesc: rspText(code as never) });
  expect(res.response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
  expect(await tableCounts(t.db)).toEqual(before);
  expect(imageDecodes()).toBe(decodes);
}

describe('uploads per borrower', () => {
  it('a third upload while two are in progress is refused (2015); the places come back', async () => {
    gate.close();
    const first = upload();
    const second = upload();
    await gate.waiters(2);
    await expectRefusedBeforeReading(RSP.UPLOADS_IN_FLIGHT);
    gate.open();
    expect((await first).response.rspCode).toBe(RSP.OK);
    expect((await second).response.rspCode).toBe(RSP.OK);
    expect((await upload()).response.rspCode).toBe(RSP.OK);
    expect(await documentCount()).toBe(3);
  });

  it('past the uploads of the minute (2016), until the minute is over', async () => {
    t.clock.advance(61_000);
    for (let i = 0; i < 3; i += 1) expect((await upload()).response.rspCode).toBe(RSP.OK);
    await expectRefusedBeforeReading(RSP.UPLOADS_TOO_OFTEN);
    expect(await documentCount()).toBe(6);
    t.clock.advance(61_000);
    expect((await upload()).response.rspCode).toBe(RSP.OK);
  });

  it('refused uploads are counted; past the limit the borrower is refused before reading (2017)', async () => {
    t.clock.advance(61_000);
    const whole = await realPng(200, 100);
    const truncated = whole.subarray(0, whole.length - 20);
    expect((await upload(truncated)).response.rspCode).toBe(RSP.IMAGE_TRUNCATED);
    expect(await refusedUploads()).toBe(1);
    expect((await upload(pngClaiming(10_000, 10_000))).response.rspCode).toBe(RSP.IMAGE_TOO_MANY_PIXELS);
    // declared far over 5 MB: refused before the body is read, and counted too
    const big = await postUploadBody(
      t.app,
      token,
      Buffer.alloc(MAX_DOCUMENT_BYTES * 2, 0x41),
      'multipart/form-data',
    );
    expect(big.response.rspCode).toBe(RSP.FILE_TOO_LARGE);
    expect(await refusedUploads()).toBe(3);
    t.clock.advance(61_000); // a new minute: only the refusals stop the next upload
    await expectRefusedBeforeReading(RSP.UPLOADS_REFUSED_TOO_OFTEN);
    expect(await refusedUploads()).toBe(3);
    t.clock.advance(15 * 60_000);
    expect((await upload()).response.rspCode).toBe(RSP.OK);
  });
});
