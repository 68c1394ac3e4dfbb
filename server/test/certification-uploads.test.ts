import { type LoanCertificationResult, RSP } from '@loan/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentBlobs, documents } from '../src/db/schema.ts';
import { certificationSummary } from '../src/modules/certification/service.ts';
import { call, login, type TestApp, tableCounts } from './helpers/app.ts';
import {
  type CertificationDocs,
  type CertificationFiles,
  certificationRequest,
  certificationSetup,
  GET_CERTIFICATION as GET,
  SAVE_CERTIFICATION as SAVE,
  uploadDocumentSet,
} from './helpers/certification.ts';
import { storedCount } from './helpers/stored.ts';
import { uploadFile } from './helpers/uploads.ts';

let t: TestApp;
let demo: string;
let other: string;
let demoId: number;
let otherId: number;
let files: CertificationFiles;
beforeAll(async () => {
  ({ t, demo, demoId, files, other, otherId } = await certificationSetup());
});
afterAll(() => t.close());

const upload = (token: string, kind: string, bytes: Uint8Array, fileName = 'scan.png') =>
  uploadFile(t.app, token, kind, bytes, fileName);
const uploadSet = (token: string) => uploadDocumentSet(t, token, files);

let demoDocs: CertificationDocs;

const request = (overrides: Record<string, unknown> = {}) => certificationRequest(demoDocs, overrides);

const fileCount = () => storedCount(t.db);

// the form, the content checks, the quota and the purge of uploads: uploads-*.test.ts
describe('POST /users/uploadDocument', () => {
  it('stores JPEG, PNG and PDF by content, with size, sha256 and a cleaned name; audit without the name', async () => {
    demoDocs = await uploadSet(demo);
    const res = await upload(demo, 'ID_CARD_FRONT', files.png, 'C:\\fakepath\\身份证 正面.png');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({
      kind: 'ID_CARD_FRONT',
      fileName: '身份证 正面.png',
      mimeType: 'image/png',
    });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, res.result.documentId));
    expect(row).toMatchObject({ userId: demoId, sizeBytes: res.result.sizeBytes, mimeType: 'image/png' });
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.db
      .select()
      .from(documentBlobs)
      .where(like(documentBlobs.storageKey, `db/u${demoId}/%`));
    expect(stored.length).toBe(5);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'document.uploaded'));
    expect(audit.length).toBe(5);
    expect(JSON.stringify(audit)).not.toContain('身份证 正面');
  });

  it('refuses what is not a JPG, PNG or PDF and stores nothing', async () => {
    const before = await tableCounts(t.db);
    const files = await fileCount();
    const res = await upload(demo, 'BUSINESS_LICENCE', Buffer.from('hello, world'), 'a.png');
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.FILE_TYPE_NOT_ALLOWED);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await fileCount()).toBe(files);
  });
});

describe('another borrower', () => {
  it('cannot use A’s document ids: the answer is the same as for a missing one', async () => {
    const otherDocs = await uploadSet(other);
    const base = { ...request(), ...otherDocs };
    const before = await tableCounts(t.db);
    const foreign = await call(
      t.app,
      'POST',
      SAVE,
      { ...base, licenceDocId: demoDocs.licenceDocId },
      { token: other },
    );
    const missing = await call(t.app, 'POST', SAVE, { ...base, licenceDocId: 999_999 }, { token: other });
    expect(foreign.response.rspCode).toBe(RSP.DOCUMENT_MISSING);
    expect(foreign.response).toEqual(missing.response);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('sees no certification of A', async () => {
    const res = await call<LoanCertificationResult>(t.app, 'GET', GET, undefined, { token: other });
    expect(res.result).toEqual({ certification: null });
    expect(await certificationSummary(t.db, otherId)).toBeNull();
  });
});

describe('sessions', () => {
  it('401 without a session, 2005 for a user who must change the password', async () => {
    expect((await call(t.app, 'GET', GET)).status).toBe(401);
    expect((await call(t.app, 'POST', SAVE, request())).status).toBe(401);
    expect((await upload('', 'ID_CARD_BACK', files.png)).status).toBe(401);
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    for (const [method, path, body] of [
      ['GET', GET, undefined],
      ['POST', SAVE, request()],
    ] as const) {
      const res = await call(t.app, method, path, body, { token: newbie });
      expect(res.response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
    }
    expect((await upload(newbie, 'ID_CARD_BACK', files.png)).response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
  });
});
