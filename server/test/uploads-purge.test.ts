import { API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, loanCertifications } from '../src/db/schema.ts';
import { type BackgroundContext, backgroundJobs, JOB, JOB_PERIOD_SECONDS } from '../src/jobs/background.ts';
import { ORPHAN_DOCUMENT_AGE_MS, purgeOrphanDocuments } from '../src/modules/documents/orphans.ts';
import { call, createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { paidUpfrontFee, refundCalls } from './helpers/refunds.ts';
import { isStored } from './helpers/stored.ts';
import { realPdf, realPng } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

const HOUR = 60 * MINUTE;
/** a run with no budget to stop it (the engine gives each run one) */
const unbounded = new AbortController().signal;

let t: TestApp;
let b: ReadyBorrower;
beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'purger');
});
afterAll(() => t.close());

/** Moves the clock; the session does not live that long, so the borrower signs in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  b.token = await login(t.app, b.loginId, b.password);
}

const files = () => t.files;
const purge = () => purgeOrphanDocuments(t.db, files(), t.clock.now());

async function upload(kind: string, bytes: Uint8Array, name: string): Promise<number> {
  const res = await uploadFile(t.app, b.token, kind, bytes, name);
  expect(res.response.rspCode).toBe(RSP.OK);
  return res.result.documentId;
}

async function row(id: number) {
  const [found] = await t.db.select().from(documents).where(eq(documents.id, id));
  return found;
}

const fileOf = async (id: number) => (await row(id))?.storageKey ?? 'missing';

describe('documents nothing refers to are purged a day after their upload', () => {
  it('unreferenced and older than a day: removed with their files; referenced or recent: kept', async () => {
    const [cert] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, b.userId));
    const oldLicence = cert?.licenceDocId ?? 0;
    const inUse = [cert?.idFrontDocId, cert?.idBackDocId, cert?.salesDocId].map(Number);

    const png = await realPng();
    const orphan = await upload('ID_CARD_FRONT', png, 'unused.png');
    const orphanFile = await fileOf(orphan);
    const evidence = await upload('REFUND_EVIDENCE', png, 'evidence.png');
    const paid = await paidUpfrontFee(t, b);
    okResult(
      await refundCalls(t).apply(b.token, {
        outTradeNo: paid.outTradeNo,
        amount: '10.00',
        reason: '误缴',
        evidenceDocumentId: evidence,
      }),
    );
    // the licence replaced: the old one is referenced no more
    const newLicence = await upload('BUSINESS_LICENCE', await realPdf(), 'licence.pdf');
    okResult(
      await call(
        t.app,
        'POST',
        API.updateCertificationDocuments,
        { licenceDocId: newLicence },
        { token: b.token },
      ),
    );

    await later(ORPHAN_DOCUMENT_AGE_MS - HOUR);
    expect(await purge()).toMatchObject({ documents: 0 });
    const recent = await upload('ID_CARD_BACK', png, 'recent.png');
    const recentFile = await fileOf(recent);

    await later(2 * HOUR);
    expect(await purge()).toMatchObject({ documents: 2 });
    expect(await row(orphan)).toBeUndefined();
    expect(await row(oldLicence)).toBeUndefined();
    expect(await isStored(t.db, orphanFile)).toBe(false);
    for (const kept of [recent, evidence, newLicence, ...inUse]) expect(await row(kept)).toBeDefined();
    expect(await isStored(t.db, recentFile)).toBe(true);

    // again: nothing left to do
    expect(await purge()).toMatchObject({ documents: 0 });
  });

  it('the background job does it, once per hour, and two servers at once remove each document once', async () => {
    const job = backgroundJobs(t.app, {
      db: t.db,
      now: t.clock.now,
      files: files(),
    } as unknown as BackgroundContext).find((j) => j.name === JOB.orphanDocuments);
    expect(job?.everySeconds).toBe(JOB_PERIOD_SECONDS.orphanDocuments);
    expect(JOB_PERIOD_SECONDS.orphanDocuments).toBe(3600);

    // what the first test left behind goes first
    await later(ORPHAN_DOCUMENT_AGE_MS + MINUTE);
    await purge();
    const png = await realPng();
    const ids = [
      await upload('ID_CARD_FRONT', png, 'a.png'),
      await upload('ID_CARD_FRONT', png, 'b.png'),
      await upload('ID_CARD_FRONT', png, 'c.png'),
    ];
    await later(ORPHAN_DOCUMENT_AGE_MS + MINUTE);
    const [first, second] = (await Promise.all([job?.run(unbounded), job?.run(unbounded)])) as Array<{
      documents: number;
    }>;
    expect((first?.documents ?? 0) + (second?.documents ?? 0)).toBe(3);
    for (const id of ids) expect(await row(id)).toBeUndefined();
    expect(job?.idle?.(await job.run(unbounded))).toBe(true);
  });
});
