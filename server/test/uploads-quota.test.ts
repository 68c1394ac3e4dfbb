import { randomUUID } from 'node:crypto';
import { DOCUMENT_QUOTA, MAX_DOCUMENT_BYTES, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../src/db/schema.ts';
import { documentUsage } from '../src/modules/documents/quota.ts';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { handWrittenPdf, realPdf, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

let t: TestApp;
let token: string;
let userId: number;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  userId = row?.id ?? 0;
  png = await realPng();
});
afterAll(() => t.close());

/** Documents on file without going through the upload (the quota reads the rows). */
async function keepOnFile(count: number, sizeBytes: number) {
  for (let i = 0; i < count; i += 1) {
    await t.db.insert(documents).values({
      userId,
      kind: 'SALES_STATEMENT',
      storageKey: `u${userId}/SALES_STATEMENT-${randomUUID()}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes,
      sha256: '0'.repeat(64),
      fileName: 'old.pdf',
      createdAt: t.clock.now(),
    });
  }
}

const clear = () => t.db.delete(documents).where(eq(documents.userId, userId));

describe('the per-borrower quota', () => {
  it(`at most ${DOCUMENT_QUOTA.files} files: the next is refused (1210) with what to do, nothing stored`, async () => {
    await clear();
    await keepOnFile(DOCUMENT_QUOTA.files - 1, 1000);
    expect((await uploadFile(t.app, token, 'ID_CARD_BACK', png)).response.rspCode).toBe(RSP.OK);
    expect(await documentUsage(t.db, userId)).toMatchObject({ files: DOCUMENT_QUOTA.files });

    const before = await tableCounts(t.db);
    const res = await uploadFile(t.app, token, 'ID_CARD_BACK', png);
    expect(res.response).toEqual({
      rspCode: RSP.DOCUMENT_QUOTA_FILES,
      rspDesc: rspText(RSP.DOCUMENT_QUOTA_FILES),
    });
    expect(res.response.rspDesc).toContain(`${DOCUMENT_QUOTA.files} 个`);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it(`at most ${DOCUMENT_QUOTA.bytes / 1024 / 1024} MB kept: a file past it is refused (1211), a smaller one fits`, async () => {
    await clear();
    // 38 MB on file: 2 MB of room
    await keepOnFile(7, MAX_DOCUMENT_BYTES);
    await keepOnFile(1, 3 * 1024 * 1024);
    const pdf = await realPdf();
    const room = DOCUMENT_QUOTA.bytes - 7 * MAX_DOCUMENT_BYTES - 3 * 1024 * 1024;
    // the room's bytes in a stream of the PDF: the kept PDF (written anew) holds them whole, and more
    const tooBig = handWrittenPdf('', [`<< /Length ${room} >>\nstream\n${' '.repeat(room)}\nendstream`]);
    expect(tooBig.length).toBeGreaterThan(room);
    const before = await tableCounts(t.db);
    const refused = await uploadFile(t.app, token, 'SALES_STATEMENT', tooBig, 'big.pdf');
    expect(refused.response).toEqual({
      rspCode: RSP.DOCUMENT_QUOTA_BYTES,
      rspDesc: rspText(RSP.DOCUMENT_QUOTA_BYTES),
    });
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await uploadFile(t.app, token, 'SALES_STATEMENT', pdf, 'small.pdf')).response.rspCode).toBe(
      RSP.OK,
    );
  });

  it('uploads at once at the last free place: exactly one is kept', async () => {
    await clear();
    await keepOnFile(DOCUMENT_QUOTA.files - 1, 1000);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => uploadFile(t.app, token, 'ID_CARD_FRONT', png)),
    );
    const codes = answers.map((a) => a.response.rspCode).sort();
    expect(codes).toEqual([
      RSP.OK,
      RSP.DOCUMENT_QUOTA_FILES,
      RSP.DOCUMENT_QUOTA_FILES,
      RSP.DOCUMENT_QUOTA_FILES,
    ]);
    expect(await documentUsage(t.db, userId)).toMatchObject({ files: DOCUMENT_QUOTA.files });
  });
});
