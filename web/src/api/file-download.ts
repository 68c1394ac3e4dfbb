import { ApiError } from './errors';
import { asApiError, httpClient } from './http';

/** A file the server sent: its bytes and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name from Content-Disposition (filename*=UTF-8'' first, then filename=), else the fallback. */
export function dispositionFileName(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return fallback;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** The envelope's rspCode and rspDesc when a refusal came instead of the file, else null. */
async function envelopeOf(blob: Blob): Promise<{ rspCode: string; rspDesc: string } | null> {
  try {
    const data = JSON.parse(await blob.text()) as { response?: { rspCode?: unknown; rspDesc?: unknown } };
    const response = data.response;
    if (typeof response?.rspCode !== 'string') return null;
    return {
      rspCode: response.rspCode,
      rspDesc: typeof response.rspDesc === 'string' ? response.rspDesc : '',
    };
  } catch {
    return null;
  }
}

const PDF_TIMEOUT_MS = 30_000;

/**
 * GET a PDF through the one axios instance (it carries the access token), as a blob. A refusal that comes as an
 * envelope instead of the file rejects with its rspCode and rspDesc (`failed` when it has none); a 401 ends the
 * session and transport failures toast, as for every call.
 */
export async function downloadPdf(
  path: string,
  params: object,
  { fallbackName, failed }: { fallbackName: string; failed: string },
): Promise<DownloadedFile> {
  let response: Awaited<ReturnType<typeof httpClient.get<Blob>>>;
  try {
    response = await httpClient.get<Blob>(path, { params, responseType: 'blob', timeout: PDF_TIMEOUT_MS });
  } catch (error) {
    throw asApiError(error);
  }
  const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
  const type = String(response.headers['content-type'] ?? blob.type ?? '');
  if (!type.includes('pdf')) {
    const envelope = await envelopeOf(blob);
    throw new ApiError('rsp', envelope?.rspCode ?? 'DOWNLOAD', envelope?.rspDesc || failed);
  }
  return { blob, fileName: dispositionFileName(response.headers['content-disposition'], fallbackName) };
}
