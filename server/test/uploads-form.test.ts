import { MAX_DOCUMENT_BYTES, RSP, rspText } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { handWrittenPdf, realPdf, realPng } from './helpers/upload-files.ts';
import {
  type FormPart,
  multipartBody,
  postUploadBody,
  postUploadForm,
  uploadFile,
} from './helpers/uploads.ts';

let t: TestApp;
let token: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
  png = await realPng();
});
afterAll(() => t.close());

const HAN = /[\u4e00-\u9fff]/;
const kind = { name: 'kind', value: 'BUSINESS_LICENCE' };
const file = (name = 'file', fileName = 'a.png'): FormPart => ({ name, fileName, bytes: png });

async function expectRefusedForm(send: () => ReturnType<typeof postUploadBody>, code: string) {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status).toBe(200);
  expect(res.response.rspCode).toBe(code);
  expect(res.response.rspDesc).toBe(rspText(code as never));
  expect(res.response.rspDesc).toMatch(HAN);
  expect(await tableCounts(t.db)).toEqual(before);
}

const BOUNDARY = 'xYzBoundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe('the multipart form', () => {
  it('kind and file in either order; the Chinese file name kept, its path dropped', async () => {
    const res = await postUploadForm(t.app, token, [file('file', 'C:\\fakepath\\营业执照 扫描.png'), kind]);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({ kind: 'BUSINESS_LICENCE', fileName: '营业执照 扫描.png' });
  });

  it('a long name keeps 100 characters with its extension', async () => {
    const res = await uploadFile(
      t.app,
      token,
      'SALES_STATEMENT',
      await realPdf(),
      `${'很长'.repeat(80)}.pdf`,
    );
    expect([...res.result.fileName]).toHaveLength(100);
    expect(res.result.fileName.endsWith('.pdf')).toBe(true);
  });

  it('a file of exactly 5 MB is read whole', async () => {
    // the bytes in a stream of the PDF, which the kept PDF (written anew) holds whole
    const withStream = (n: number) =>
      handWrittenPdf('', [`<< /Length ${n} >>\nstream\n${' '.repeat(n)}\nendstream`]);
    const n = MAX_DOCUMENT_BYTES - (withStream(1_000_000).length - 1_000_000);
    const padded = withStream(n);
    expect(padded.length).toBe(MAX_DOCUMENT_BYTES);
    const res = await uploadFile(t.app, token, 'SALES_STATEMENT', padded, 'big.pdf');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.sizeBytes).toBeGreaterThan(n);
  });

  it('5 MB and one byte: too large (1007), never a 500', () =>
    expectRefusedForm(
      () =>
        uploadFile(t.app, token, 'SALES_STATEMENT', Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x25), 'big.pdf'),
      RSP.FILE_TOO_LARGE,
    ));

  it('a request declaring far more than 5 MB is refused before it is read', () =>
    expectRefusedForm(() => {
      const big = Buffer.alloc(MAX_DOCUMENT_BYTES * 2, 0x41);
      return postUploadBody(t.app, token, big, MULTIPART);
    }, RSP.FILE_TOO_LARGE));

  it.each<[string, FormPart[], string]>([
    ['no file', [kind], RSP.UPLOAD_FORM_INVALID],
    ['the file under another field name', [kind, file('upload')], RSP.UPLOAD_FORM_INVALID],
    ['two files', [kind, file(), file()], RSP.UPLOAD_ONE_FILE_ONLY],
    ['an unknown field', [kind, { name: 'userId', value: '1' }, file()], RSP.UPLOAD_FORM_INVALID],
    ['kind twice', [kind, kind, file()], RSP.UPLOAD_FORM_INVALID],
    ['no kind', [file()], RSP.UPLOAD_KIND_INVALID],
    ['an unknown kind', [{ name: 'kind', value: 'PASSPORT' }, file()], RSP.UPLOAD_KIND_INVALID],
    [
      'an empty file',
      [kind, { name: 'file', fileName: 'a.pdf', bytes: new Uint8Array() }],
      RSP.FILE_TYPE_NOT_ALLOWED,
    ],
    ['a prototype field name', [{ name: '__proto__', value: 'x' }, kind, file()], RSP.UPLOAD_FORM_INVALID],
  ])('%s → its own Chinese refusal', (_name, parts, code) =>
    expectRefusedForm(() => postUploadForm(t.app, token, parts), code),
  );

  it.each<[string, string, string]>([
    [
      'JSON as before (base64 in JSON)',
      JSON.stringify({ kind: 'ID_CARD_BACK', dataBase64: 'iVBORw0KGgo=' }),
      'application/json',
    ],
    ['an empty multipart body', '', MULTIPART],
    ['garbage with a boundary', 'this is not multipart at all', MULTIPART],
    [
      'a part cut off in the middle',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nBUSI`,
      MULTIPART,
    ],
    [
      'a file part that never ends',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nBUSINESS_LICENCE\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 ...`,
      MULTIPART,
    ],
    [
      'a header without a name',
      `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      MULTIPART,
    ],
    ['multipart without a boundary', 'x', 'multipart/form-data'],
  ])('%s → a Chinese refusal, never a 500', async (_name, body, contentType) => {
    const before = await tableCounts(t.db);
    const res = await postUploadBody(t.app, token, body, contentType);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).not.toBe(RSP.OK);
    expect(res.response.rspDesc).toMatch(HAN);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('only the upload takes multipart: another call refuses it as a bad body (1002)', async () => {
    const { payload, contentType } = await multipartBody([kind, file()]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/insertLoanCertification',
      payload,
      headers: { accessToken: token, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({
      rspCode: RSP.BAD_REQUEST_BODY,
      rspDesc: rspText(RSP.BAD_REQUEST_BODY),
    });
  });

  it('without a session: 401', async () => {
    const res = await postUploadForm(t.app, '', [
      kind,
      { name: 'file', fileName: 'a.pdf', bytes: handWrittenPdf() },
    ]);
    expect(res.status).toBe(401);
  });

  it('the OpenAPI file describes the form', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } } }
      >;
    };
    const content = spec.paths['/api/users/uploadDocument']?.post?.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(Object.keys(content['multipart/form-data']?.schema?.properties ?? {})).toEqual(['kind', 'file']);
  });
});
