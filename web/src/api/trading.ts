import { API, type TradingRecordPage, type TradingRecordQuery } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from './errors';
import { dispositionFileName } from './file-download';
import { asApiError, type CallOptions, get, httpClient } from './http';

/** The borrower's ledger (/trading/…): a page of lines with the filtered range's totals, and its export. */

const tradingKeys = {
  records: ['trading', 'tradingRecord'],
} as const;

function tradingRecords(query: TradingRecordQuery, options?: CallOptions) {
  return get<TradingRecordPage>(API.tradingRecord, query, options);
}

export const tradingRecordsQueryOptions = (query: TradingRecordQuery) =>
  queryOptions({
    queryKey: [...tradingKeys.records, query],
    queryFn: ({ signal }) => tradingRecords(query, { silent: true, signal }),
  });

export type ExportFormat = 'csv' | 'xlsx';

/** The export's filters: those of the list, without paging. */
export type ExportQuery = Omit<TradingRecordQuery, 'cursor' | 'limit'>;

const EXPORT_TIMEOUT_MS = 60_000;

/** The file name from Content-Disposition (filename*=UTF-8'' first), else 交易记录.<format>. */
export function exportFileName(disposition: unknown, format: ExportFormat): string {
  return dispositionFileName(disposition, `交易记录.${format}`);
}

function isEnvelope(data: unknown): data is { response: { rspCode: string; rspDesc: string } } {
  const response = (data as { response?: { rspCode?: unknown } } | null)?.response;
  return typeof response?.rspCode === 'string';
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** An error answer that came as a blob: the envelope's rspDesc, or a generic text. */
async function blobError(blob: Blob): Promise<ApiError> {
  try {
    const data: unknown = JSON.parse(await blobText(blob));
    if (isEnvelope(data))
      return new ApiError('rsp', data.response.rspCode, data.response.rspDesc || '导出失败，请稍后重试');
  } catch {
    // not JSON
  }
  return new ApiError('http', 'EXPORT', '导出失败，请稍后重试');
}

interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET /trading/export?format=…&filters: the file of the filtered range. Through the one axios instance (it adds
 * the accessToken header), as a blob; an envelope instead of a file rejects with its rspDesc.
 */
export async function exportTrading(query: ExportQuery, format: ExportFormat): Promise<ExportedFile> {
  let response: Awaited<ReturnType<typeof httpClient.get<Blob>>>;
  try {
    response = await httpClient.get<Blob>(API.tradingExport, {
      params: { ...query, format },
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT_MS,
    });
  } catch (error) {
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data instanceof Blob && (error as { response?: { status?: number } }).response?.status !== 401)
      throw await blobError(data);
    // 401 ends the session as for every call; transport failures toast once
    throw asApiError(error);
  }
  const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
  const type = String(response.headers['content-type'] ?? blob.type ?? '');
  if (type.includes('application/json')) throw await blobError(blob);
  return { blob, fileName: exportFileName(response.headers['content-disposition'], format) };
}

/** Saves a blob as a download with an object URL. */
export function saveFile({ blob, fileName }: ExportedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
