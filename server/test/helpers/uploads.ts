import type { RspHeader, UploadedDocument } from '@loan/domain';
import type { App } from '../../src/http.ts';
import type { ApiAnswer } from './app.ts';

export const UPLOAD_URL = '/api/users/uploadDocument';

export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; bytes: Uint8Array; type?: string };

/** A multipart/form-data body as a browser sends it (the platform's FormData), with its content type. */
export async function multipartBody(parts: FormPart[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }),
        part.fileName,
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** POSTs a body as it is to the upload route. */
export async function postUploadBody<T = UploadedDocument>(
  app: App,
  token: string,
  payload: Buffer | string,
  contentType: string,
): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method: 'POST',
    url: UPLOAD_URL,
    payload,
    headers: { accessToken: token, 'content-type': contentType },
    remoteAddress: '127.0.0.1',
  });
  const body = res.json() as { response: RspHeader; result: T };
  return { status: res.statusCode, headers: res.headers, response: body.response, result: body.result };
}

export async function postUploadForm<T = UploadedDocument>(app: App, token: string, parts: FormPart[]) {
  const { payload, contentType } = await multipartBody(parts);
  return postUploadBody<T>(app, token, payload, contentType);
}

/** Uploads one file of this kind as the portal's upload control does. */
export function uploadFile(app: App, token: string, kind: string, bytes: Uint8Array, fileName = 'scan.png') {
  return postUploadForm(app, token, [
    { name: 'kind', value: kind },
    { name: 'file', fileName, bytes },
  ]);
}
