import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';

/**
 * Every route the server publishes in its OpenAPI file, called by a signed-in borrower with garbage: wrong
 * types, nesting, huge and hostile strings, in the body, the query and the path. Whatever the route, the
 * answer is never a 5xx, always the JSON envelope, and a refusal always says what is wrong in Chinese.
 * New routes are covered the moment they are added.
 */

let t: TestApp;
let token: string;

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  properties: string[];
  /** the fields of a multipart/form-data body (file uploads), if the route takes one */
  formFields: string[];
}

const HAN = /[\u4e00-\u9fff]/;

const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  true,
  '',
  ' ',
  'x'.repeat(70_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '9'.repeat(40),
  '１２３',
  [],
  [1, 2],
  {},
  { nested: { deeper: ['x'] } },
];

function bodiesFor(properties: string[]): unknown[] {
  const whole: unknown[] = [{}, [], 'text', 42, null, { unknown: 1 }];
  const perField = properties.flatMap((name) => HOSTILE_VALUES.map((value) => ({ [name]: value })));
  const allFields = HOSTILE_VALUES.map((value) =>
    Object.fromEntries(properties.map((name) => [name, value])),
  );
  return [...whole, ...perField, ...allFields];
}

function queriesFor(properties: string[]): Record<string, string>[] {
  const values = ['', '-1', '0', 'abc', '1e308', "' or 1=1 --", 'x'.repeat(5000), '%00', '2026-02-30', '[]'];
  return [
    { unexpected: 'x' },
    ...properties.flatMap((name) => values.map((value) => ({ [name]: value }))),
    ...values.map((value) => Object.fromEntries(properties.map((name) => [name, value]))),
  ];
}

const BOUNDARY = 'garbageBoundary';

/** multipart/form-data bodies: each field hostile (as text and as a file), and bodies that are not multipart. */
function formBodiesFor(fields: string[]): Array<{ payload: Buffer; contentType: string }> {
  const part = (name: string, value: string | Buffer, fileName?: string) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n\r\n`,
      ),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  const form = (...parts: Buffer[]) => ({
    payload: Buffer.concat([...parts, end]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const texts = HOSTILE_VALUES.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return [
    form(),
    ...fields.flatMap((name) =>
      texts.flatMap((text) => [
        form(...fields.map((other) => part(other, other === name ? text : 'x'))),
        form(
          ...fields.map((other) =>
            part(other, other === name ? text : '%PDF-1.7', other === name ? text : 'a.pdf'),
          ),
        ),
      ]),
    ),
    {
      payload: Buffer.from('not multipart at all'),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    {
      payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\n`),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    { payload: Buffer.from('x'), contentType: 'multipart/form-data' },
  ];
}

/** Path parameters filled with hostile text. */
function withParams(path: string): string[] {
  if (!path.includes('{')) return [path];
  return ['x', '0', '..%2F..', 'YNIT%00', 'A'.repeat(300)].map((value) => path.replace(/\{[^}]+\}/g, value));
}

async function operations(): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const spec = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const content = op.requestBody?.content ?? {};
      const body = Object.keys(content['application/json']?.schema?.properties ?? {});
      const formFields = Object.keys(content['multipart/form-data']?.schema?.properties ?? {});
      ops.push({ method: upper, path, properties: upper === 'GET' ? query : body, formFields });
    }
  }
  return ops;
}

/** Calls that end the session on purpose (tested elsewhere): the rest must run signed in. */
const ENDS_SESSION = ['/api/users/userLogout', '/api/users/modifyPwd'];

function expectEnvelope(what: string, status: number, text: string) {
  expect(status, `${what}: HTTP ${status} ${text.slice(0, 200)}`).toBeLessThan(500);
  // the borrower stays signed in: a 401 here would mean the garbage ended the session and skipped the checks
  expect(status, `${what}: unexpected 401`).not.toBe(401);
  const body = JSON.parse(text) as { response?: { rspCode?: string; rspDesc?: string } };
  expect(String(body.response?.rspCode), `${what}: no envelope: ${text.slice(0, 200)}`).toMatch(/^\d{4}$/);
  if (body.response?.rspCode !== '0000') {
    expect(String(body.response?.rspDesc), `${what}: refusal without a Chinese text`).toMatch(HAN);
  }
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
            if (res.headers['content-type']?.toString().startsWith('application/json')) {
              expectEnvelope(`GET ${url} ${JSON.stringify(query).slice(0, 80)}`, res.statusCode, res.body);
            } else {
              expect(res.statusCode, `GET ${url}`).toBeLessThan(500);
            }
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
