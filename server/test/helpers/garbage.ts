import { expect } from 'vitest';
import type { App } from '../../src/http.ts';

/**
 * The garbage the route walks send (every-route-garbage.test.ts, ops-garbage.test.ts): wrong types, nesting, huge
 * and hostile strings, in the body, the query, multipart forms and the path; and the routes of the OpenAPI file.
 */

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  properties: string[];
  /** the fields of a multipart/form-data body (file uploads), if the route takes one */
  formFields: string[];
  /** the security schemes the route names (accessToken, opsToken), none for an open route */
  security: string[];
  description: string;
}

export const HAN = /[\u4e00-\u9fff]/;

export const HOSTILE_VALUES: unknown[] = [
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

export function bodiesFor(properties: string[]): unknown[] {
  const whole: unknown[] = [{}, [], 'text', 42, null, { unknown: 1 }];
  const perField = properties.flatMap((name) => HOSTILE_VALUES.map((value) => ({ [name]: value })));
  const allFields = HOSTILE_VALUES.map((value) =>
    Object.fromEntries(properties.map((name) => [name, value])),
  );
  return [...whole, ...perField, ...allFields];
}

export function queriesFor(properties: string[]): Record<string, string>[] {
  const values = ['', '-1', '0', 'abc', '1e308', "' or 1=1 --", 'x'.repeat(5000), '%00', '2026-02-30', '[]'];
  return [
    { unexpected: 'x' },
    ...properties.flatMap((name) => values.map((value) => ({ [name]: value }))),
    ...values.map((value) => Object.fromEntries(properties.map((name) => [name, value]))),
  ];
}

export const BOUNDARY = 'garbageBoundary';

/** multipart/form-data bodies: each field hostile (as text and as a file), and bodies that are not multipart. */
export function formBodiesFor(fields: string[]): Array<{ payload: Buffer; contentType: string }> {
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
export function withParams(path: string): string[] {
  if (!path.includes('{')) return [path];
  return ['x', '0', '..%2F..', 'YNIT%00', 'A'.repeat(300)].map((value) => path.replace(/\{[^}]+\}/g, value));
}

export async function operations(app: App): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const spec = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          security?: Array<Record<string, unknown>>;
          description?: string;
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
      ops.push({
        method: upper,
        path,
        properties: upper === 'GET' ? query : body,
        formFields,
        security: (op.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        description: op.description ?? '',
      });
    }
  }
  return ops;
}

export function expectEnvelope(what: string, status: number, text: string) {
  expect(status, `${what}: HTTP ${status} ${text.slice(0, 200)}`).toBeLessThan(500);
  // the borrower stays signed in: a 401 here would mean the garbage ended the session and skipped the checks
  expect(status, `${what}: unexpected 401`).not.toBe(401);
  const body = JSON.parse(text) as { response?: { rspCode?: string; rspDesc?: string } };
  expect(String(body.response?.rspCode), `${what}: no envelope: ${text.slice(0, 200)}`).toMatch(/^\d{4}$/);
  if (body.response?.rspCode !== '0000') {
    expect(String(body.response?.rspDesc), `${what}: refusal without a Chinese text`).toMatch(HAN);
  }
}

/** A GET's answer: a file on success (a download route), else the envelope as expectEnvelope checks it. */
export function expectGetAnswer(what: string, status: number, contentType: string | undefined, text: string) {
  if (contentType?.startsWith('application/json')) expectEnvelope(what, status, text);
  else expect(status, what).toBeLessThan(500);
}
