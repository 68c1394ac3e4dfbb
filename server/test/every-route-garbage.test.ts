import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  bodiesFor,
  expectEnvelope,
  expectGetAnswer,
  formBodiesFor,
  type Operation,
  operations as publishedOperations,
  queriesFor,
  withParams,
} from './helpers/garbage.ts';

/**
 * Every route the server publishes in its OpenAPI file, called by a signed-in borrower with garbage: wrong
 * types, nesting, huge and hostile strings, in the body, the query and the path. Whatever the route, the
 * answer is never a 5xx, always the JSON envelope, and a refusal always says what is wrong in Chinese.
 * New routes are covered the moment they are added.
 */

let t: TestApp;
let token: string;

/** Calls that end the session on purpose (tested elsewhere): the rest must run signed in. */
const ENDS_SESSION = ['/api/users/userLogout', '/api/users/modifyPwd'];

/** The borrower's routes: the console's (`/api/ops/`) are walked with an operator's token (ops-garbage.test.ts). */
async function operations(): Promise<Operation[]> {
  return (await publishedOperations(t.app)).filter((op) => !op.path.startsWith('/api/ops/'));
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await makeReadyBorrower(t, 'fuzz_borrower')).token;
});
afterAll(() => t.close());

describe('every published route, fed garbage', { timeout: 300_000 }, () => {
  it('finds the routes of every area in the OpenAPI file', async () => {
    const paths = (await operations()).map((op) => op.path);
    for (const expected of [
      '/api/users/insertLoanCertification',
      '/api/seller/againMwsToken',
      '/api/loanMgr/submitApplication',
      '/api/loanMgr/advanceCancel',
      '/api/loanMgr/loanContract',
      '/api/loanMgr/loanContractPdf',
      '/api/loanMgr/loanContractPreviewPdf',
      '/api/docs/verify',
      '/api/users/userReadAgr',
      '/api/callbacks/bank/{bank}',
      '/api/refund/apply',
      '/api/refund/detail',
      '/api/pay/createOrder',
      '/api/pay/repayNow',
      '/api/pay/receipt',
      '/api/callbacks/payment',
      '/api/callbacks/payment/refund',
      '/api/users/uploadDocument',
      '/api/notices/read',
      '/api/notices/preferences',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('finds the multipart upload with its form fields', async () => {
    const upload = (await operations()).find((op) => op.path === '/api/users/uploadDocument');
    expect(upload?.formFields).toEqual(['kind', 'file']);
  });

  it('never answers 5xx, always the envelope, refusals in Chinese', async () => {
    let calls = 0;
    for (const op of (await operations()).filter((o) => !ENDS_SESSION.includes(o.path))) {
      // the file download answers a file, not the envelope, on success; its refusals are still checked
      for (const url of withParams(op.path)) {
        if (op.method === 'GET') {
          for (const query of queriesFor(op.properties)) {
            const res = await t.app.inject({ method: 'GET', url, query, headers: { accessToken: token } });
            calls += 1;
            const what = `GET ${url} ${JSON.stringify(query).slice(0, 80)}`;
            expectGetAnswer(what, res.statusCode, res.headers['content-type']?.toString(), res.body);
          }
        } else {
          for (const body of bodiesFor(op.properties)) {
            const res = await t.app.inject({
              method: 'POST',
              url,
              payload: JSON.stringify(body),
              headers: { accessToken: token, 'content-type': 'application/json' },
            });
            calls += 1;
            expectEnvelope(`POST ${url} ${JSON.stringify(body).slice(0, 80)}`, res.statusCode, res.body);
          }
          for (const { payload, contentType } of formBodiesFor(op.formFields)) {
            if (op.formFields.length === 0) break;
            const res = await t.app.inject({
              method: 'POST',
              url,
              payload,
              headers: { accessToken: token, 'content-type': contentType },
            });
            calls += 1;
            expectEnvelope(
              `POST ${url} form ${payload.toString('latin1').slice(0, 80)}`,
              res.statusCode,
              res.body,
            );
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/getUserInfo',
      headers: { accessToken: token },
    });
    expect(me.json().response.rspCode).toBe('0000');
  });
});
