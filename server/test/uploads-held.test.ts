import { API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, loanCertifications } from '../src/db/schema.ts';
import { purgeOrphanDocuments } from '../src/modules/documents/orphans.ts';
import { call, createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { until } from './helpers/jobs.ts';
import { realPdf } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

const DAY = 24 * 60 * MINUTE;
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let b: ReadyBorrower;
beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'holder');
});
afterAll(() => t.close());

/** A new licence uploaded and left more than a day, so the purge may take it. */
async function oldLicence(): Promise<number> {
  const res = await uploadFile(t.app, b.token, 'BUSINESS_LICENCE', await realPdf(), 'licence.pdf');
  expect(res.response.rspCode).toBe(RSP.OK);
  t.clock.advance(DAY + MINUTE);
  b.token = await login(t.app, b.loginId, b.password);
  return res.result.documentId;
}

const licenceOnFile = async () =>
  (await t.db.select().from(loanCertifications).where(eq(loanCertifications.userId, b.userId)))[0]
    ?.licenceDocId;
const purge = () => purgeOrphanDocuments(t.db, t.files, t.clock.now());
const saveLicence = (licenceDocId: number) =>
  call(t.app, 'POST', API.updateCertificationDocuments, { licenceDocId }, { token: b.token });

describe('a document being referred to and the orphan purge', () => {
  it('a document the purge removed first is refused as missing (1104), the certification unchanged', async () => {
    const before = await licenceOnFile();
    const licence = await oldLicence();
    expect((await purge()).documents).toBeGreaterThanOrEqual(1);
    const res = await saveLicence(licence);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.DOCUMENT_MISSING);
    expect(await licenceOnFile()).toBe(before);
  });

  describe.skipIf(!onPostgres)('with two connections (PostgreSQL)', () => {
    const pool = () => (t.db as unknown as { $client: pg.Pool }).$client;

    it('a purge removing the document while a save waits: the save answers 1104 in Chinese, not a 500', async () => {
      const before = await licenceOnFile();
      const licence = await oldLicence();
      const purger = await pool().connect();
      try {
        await purger.query('begin');
        await purger.query('delete from documents where id = $1', [licence]);
        const saving = saveLicence(licence);
        // the save is held by the purge's row lock before the purge commits
        await until(async () => {
          const waiting = await pool().query(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          return (waiting.rows[0] as { n: number }).n > 0;
        }, 'the save waiting on the document row');
        await purger.query('commit');
        const res = await saving;
        expect(res.status).toBe(200);
        expect(res.response.rspCode).toBe(RSP.DOCUMENT_MISSING);
        expect(res.response.rspDesc).toMatch(/营业执照/);
        expect(await licenceOnFile()).toBe(before);
      } finally {
        purger.release();
      }
    });

    it('a document held by a save in progress is skipped by the purge, which does not wait for it', async () => {
      const licence = await oldLicence();
      const saver = await pool().connect();
      try {
        await saver.query('begin');
        await saver.query('select id from documents where id = $1 for share', [licence]);
        await purge();
        expect(await t.db.select().from(documents).where(eq(documents.id, licence))).toHaveLength(1);
        await saver.query('commit');
      } finally {
        saver.release();
      }
      expect((await saveLicence(licence)).response.rspCode).toBe(RSP.OK);
      expect(await licenceOnFile()).toBe(licence);
    });
  });
});
