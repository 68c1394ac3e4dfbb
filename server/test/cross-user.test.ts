import { type AgreementText, type NoticeListView, RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, notices } from '../src/db/schema.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { makeStatement } from '../src/modules/statements/make.ts';
import { type ApiAnswer, call, cipher, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower, readySellerId } from './helpers/borrower.ts';
import { approvedApplication } from './helpers/contracts.ts';

/**
 * A second borrower walks every route that takes an id with the first borrower's ids: always refused, nothing
 * changes but the audit log, and nothing of the first borrower's comes back.
 */
let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
let owner: ReadyBorrower;
let intruder: ReadyBorrower;
const ids = { review: 0, approved: 0, draft: 0, signed: 0, mcOrderNo: '', bankRef: '' };
const secrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = applicationCalls(t);
  owner = await makeReadyBorrower(t, 'owner1');
  intruder = await makeReadyBorrower(t, 'intruder1', {
    certified: false,
    agreements: false,
    storeStatus: null,
  });

  ids.signed = await approvedApplication(t, owner, 'SHRB-DDD', '30000', 3);
  okResult(await api.sign(owner.token, ids.signed));
  const review = okResult(await api.create(owner.token, 'CRB-RYD'));
  okResult(await api.submit(owner.token, review.application.rowId, '100000', 6, '备货采购（机密）'));
  const approved = okResult(await api.create(owner.token, 'CGB-KJED'));
  okResult(await api.submit(owner.token, approved.application.rowId, '200000', 6));
  await deliverAfterDelay(t);
  const draft = okResult(await api.create(owner.token, 'YNIT-XT01'));
  const reviewed = okResult(await api.detail(owner.token, { rowId: String(review.application.rowId) }));
  ids.review = review.application.rowId;
  ids.approved = approved.application.rowId;
  ids.draft = draft.application.rowId;
  ids.mcOrderNo = review.application.mcOrderNo ?? '';
  ids.bankRef =
    /业务编号 (\S+)）/.exec(reviewed.timeline.find((e) => e.event === 'START_REVIEW')?.reason ?? '')?.[1] ??
    '';
  secrets.push(ids.bankRef, ids.mcOrderNo, '备货采购（机密）', 'owner1', '200000.00', '100000.00');
  expect(ids.mcOrderNo).not.toBe('');
  expect(ids.bankRef).toMatch(/^CRBANK-/);
});
afterAll(async () => t.close());

const NOT_FOUND = { rspCode: RSP.APPLICATION_NOT_FOUND, rspDesc: rspText(RSP.APPLICATION_NOT_FOUND) };

async function expectRefusedQuietly(
  label: string,
  send: () => Promise<ApiAnswer<unknown>>,
): Promise<ApiAnswer<unknown>> {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status, label).toBe(200);
  expect(res.response.rspCode, label).not.toBe(RSP.OK);
  const text = JSON.stringify(res);
  for (const secret of secrets) expect(text, `${label} leaks ${secret}`).not.toContain(secret);
  const after = await tableCounts(t.db);
  expect({ ...after, audit_log: 0 }, label).toEqual({ ...before, audit_log: 0 });
  return res;
}

describe('a second borrower with the first borrower’s ids', () => {
  it('cannot read, submit, complete, cancel or sign the first borrower’s applications nor read their contracts (3005, like a missing id)', async () => {
    const token = intruder.token;
    const rowIds = [ids.review, ids.approved, ids.draft, ids.signed];
    const attempts: Array<[string, () => Promise<ApiAnswer<unknown>>]> = [
      ['detail by mcOrderNo', () => api.detail(token, { mcOrderNo: ids.mcOrderNo })],
      [
        'detail by rowId and productCode',
        () => api.detail(token, { rowId: String(ids.review), productCode: 'CRB-RYD' }),
      ],
      ...rowIds.flatMap(
        (rowId): Array<[string, () => Promise<ApiAnswer<unknown>>]> => [
          [`detail ${rowId}`, () => api.detail(token, { rowId: String(rowId) })],
          [`submit ${rowId}`, () => api.submit(token, rowId, '100000', 6)],
          [`face ${rowId}`, () => api.completeStep(token, rowId, 'FACE_VERIFY')],
          [`account ${rowId}`, () => api.completeStep(token, rowId, 'OPEN_COLLECTION_ACCOUNT')],
          [`cancel ${rowId}`, () => api.cancel(token, rowId, '恶意取消')],
          [`sign ${rowId}`, () => api.sign(token, rowId)],
          [`contract ${rowId}`, () => api.contract(token, rowId)],
          [
            `contract pdf ${rowId}`,
            async () => {
              const res = await api.contractPdf(token, rowId);
              const body = res.json() as Pick<ApiAnswer<unknown>, 'response' | 'result'>;
              return { status: res.statusCode, headers: res.headers, ...body };
            },
          ],
          [
            `contract preview pdf ${rowId}`,
            async () => {
              const res = await api.contractPreviewPdf(token, rowId);
              const body = res.json() as Pick<ApiAnswer<unknown>, 'response' | 'result'>;
              return { status: res.statusCode, headers: res.headers, ...body };
            },
          ],
        ],
      ),
    ];
    for (const [label, send] of attempts) {
      const res = await expectRefusedQuietly(label, send);
      expect(res.response, label).toEqual(NOT_FOUND);
      expect(res.result, label).toBeNull();
    }
    // the same answer as an id that does not exist at all
    expect((await api.detail(token, { rowId: '999999' })).response).toEqual(NOT_FOUND);
    const list = await call<{ items: unknown[] }>(t.app, 'GET', '/loanMgr/applications', undefined, {
      token,
    });
    expect(list.result.items).toEqual([]);
    // the owner's applications are untouched
    const mine = okResult(await api.detail(owner.token, { rowId: String(ids.approved) }));
    expect(mine.application.state).toBe('APPROVED');
    expect(mine.timeline.some((e) => e.reason === '恶意取消')).toBe(false);
  });

  it('cannot attach the first borrower’s documents to a certification, nor read theirs', async () => {
    const docs = await t.db.select().from(documents).where(eq(documents.userId, owner.userId));
    const docId = (kind: string) => docs.find((d) => d.kind === kind)?.id ?? 0;
    await expectRefusedQuietly('insertLoanCertification with foreign documents', () =>
      call(
        t.app,
        'POST',
        '/users/insertLoanCertification',
        {
          companyName: '冒名贸易有限公司',
          uscc: '91350100M000100Y43',
          legalName: '李四',
          idNumber: cipher('11010519491231002X'),
          legalPhone: '13912345678',
          licenceDocId: docId('BUSINESS_LICENCE'),
          idFrontDocId: docId('ID_CARD_FRONT'),
          idBackDocId: docId('ID_CARD_BACK'),
          salesDocId: docId('SALES_STATEMENT'),
        },
        { token: intruder.token },
      ),
    );
    for (const kind of ['BUSINESS_LICENCE', 'SALES_STATEMENT'] as const) {
      const field = kind === 'SALES_STATEMENT' ? 'salesDocId' : 'licenceDocId';
      await expectRefusedQuietly(`updateCertificationDocuments with a foreign ${kind}`, () =>
        call(
          t.app,
          'POST',
          '/users/updateCertificationDocuments',
          { [field]: docId(kind) },
          { token: intruder.token },
        ),
      );
    }
    const mine = await call<{ certification: unknown }>(t.app, 'GET', '/users/loanCertification', undefined, {
      token: intruder.token,
    });
    expect(mine.response.rspCode).toBe(RSP.OK);
    expect(mine.result.certification).toBeNull();
  });

  it('cannot accept an agreement with the first borrower’s reading token, nor take over their store', async () => {
    const text = okResult(
      await call<AgreementText>(
        t.app,
        'GET',
        '/users/agreement',
        { kind: 'SERVICE' },
        { token: owner.token },
      ),
    );
    await expectRefusedQuietly('userReadAgr with a foreign read token', () => {
      t.clock.advance(text.minReadSeconds * 1000 + 1000);
      return call(
        t.app,
        'POST',
        '/users/userReadAgr',
        { kind: text.kind, version: text.version, textHash: text.textHash, readToken: text.readToken },
        { token: intruder.token },
      );
    });
    const sellerId = readySellerId(owner.userId);
    secrets.push('owner1 的店铺');
    await expectRefusedQuietly('againMwsToken with the first borrower’s seller id', () =>
      call(
        t.app,
        'POST',
        '/seller/againMwsToken',
        { sellerId, mwsAuthToken: cipher('amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d') },
        { token: intruder.token },
      ),
    );
    const store = await call<{ storeInfo: unknown }>(t.app, 'GET', '/seller/mwsTokenCheck', undefined, {
      token: intruder.token,
    });
    expect(store.result.storeInfo).toBeNull();
  });

  it('sees none of the first borrower’s messages, cannot mark them read, and reading all touches only their own', async () => {
    const noticeId = await notify(t.db, {
      userId: owner.userId,
      event: { kind: 'RECEIVING_ACCOUNT', facts: { problem: '回款账户 6222 0000 1111 2222 已冻结（机密）' } },
      key: 'cross-user:notice',
      now: t.clock.now(),
    });
    const [ownerNotice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.id, noticeId ?? 0));
    expect(ownerNotice).toBeDefined();
    secrets.push(ownerNotice?.body ?? '');
    await expectRefusedQuietly('read the first borrower’s message', () =>
      call(t.app, 'POST', '/notices/read', { id: ownerNotice?.id }, { token: intruder.token }),
    );
    const theirs = await call<NoticeListView>(
      t.app,
      'GET',
      '/notices/list',
      { limit: 100 },
      { token: intruder.token },
    );
    expect(theirs.result.items.every((n) => n.body !== ownerNotice?.body)).toBe(true);
    await call(t.app, 'POST', '/notices/readAll', {}, { token: intruder.token });
    const [still] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.id, ownerNotice?.id ?? 0));
    expect(still?.readAt).toBeNull();
  });

  it('cannot download the first borrower’s monthly statement, nor see it listed (4301, like a missing id)', async () => {
    const ctx = { db: t.db, config: t.config };
    const statement = await makeStatement(ctx, owner.userId, '2026-02', t.clock.now());
    if (!statement) throw new Error('no statement made');
    secrets.push(statement.docNo, statement.verifyCode);
    const pdf = async (token: string, id: number): Promise<ApiAnswer<unknown>> => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/statementPdf',
        query: { id: String(id) },
        headers: { accessToken: token },
      });
      const body = res.json() as Pick<ApiAnswer<unknown>, 'response' | 'result'>;
      return { status: res.statusCode, headers: res.headers, ...body };
    };
    const statementNotFound = { rspCode: RSP.STATEMENT_NOT_FOUND, rspDesc: rspText(RSP.STATEMENT_NOT_FOUND) };
    const res = await expectRefusedQuietly(`statement pdf ${statement.id}`, () =>
      pdf(intruder.token, statement.id),
    );
    expect(res.response).toEqual(statementNotFound);
    expect((await pdf(intruder.token, 999_999)).response).toEqual(statementNotFound);
    const list = await call<{ items: unknown[] }>(t.app, 'GET', '/account/statements', undefined, {
      token: intruder.token,
    });
    expect(list.result.items).toEqual([]);
    // the owner's own: the file
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/account/statementPdf',
      query: { id: String(statement.id) },
      headers: { accessToken: owner.token },
    });
    expect(own.headers['content-type']).toBe('application/pdf');
  });
});
