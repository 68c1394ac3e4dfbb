import {
  type FeeIncomeBy,
  type FeeIncomeReport,
  OPS_API,
  type PrincipalReport,
  type ReconciliationReport,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { OpsApiError, opsHttp, opsRequest } from './http';

/** The reports (报表): the day's reconciliation, fee income over a range, principal by bank and product. */

/** Reports read a day's or a year's rows: they wait longer than an ordinary call. */
const REPORT_TIMEOUT = 60_000;

export interface FeeIncomeFilter {
  from: string;
  to: string;
  by: FeeIncomeBy;
}

export const reconciliationQuery = (date: string) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'reconciliation', date],
    queryFn: () =>
      opsRequest<ReconciliationReport>(
        'GET',
        OPS_API.reportReconciliation,
        { date },
        { timeout: REPORT_TIMEOUT },
      ),
  });

export const feeIncomeQuery = (filter: FeeIncomeFilter) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'fee-income', filter],
    queryFn: () =>
      opsRequest<FeeIncomeReport>('GET', OPS_API.reportFeeIncome, { ...filter }, { timeout: REPORT_TIMEOUT }),
  });

export const principalQuery = () =>
  queryOptions({
    queryKey: ['ops', 'reports', 'principal'],
    queryFn: () =>
      opsRequest<PrincipalReport>('GET', OPS_API.reportPrincipal, {}, { timeout: REPORT_TIMEOUT }),
  });

/** Rejects with the envelope's Chinese text when the blob is a JSON refusal rather than the file. */
async function refusalOf(blob: Blob, status: number): Promise<void> {
  if (!blob.type.startsWith('application/json')) return;
  const body = JSON.parse(await blob.text()) as { response: { rspCode: string; rspDesc: string } };
  throw new OpsApiError(body.response.rspCode, body.response.rspDesc, status);
}

/** Downloads a report's xlsx export under the server's file name; a refusal (JSON) rejects with its Chinese text. */
export async function downloadReport(
  path: string,
  params: Record<string, string>,
  fallbackName: string,
): Promise<void> {
  const res = await opsHttp
    .get<Blob>(path, { params, responseType: 'blob', timeout: REPORT_TIMEOUT })
    .catch(async (error: unknown) => {
      // a refusal (403 …) arrives as a blob too: its envelope's Chinese text, else the ordinary failure
      const data = error instanceof AxiosError ? error.response?.data : undefined;
      if (data instanceof Blob)
        await refusalOf(data, error instanceof AxiosError ? (error.response?.status ?? 0) : 0);
      throw new OpsApiError('NETWORK', '导出失败，请检查网络后重试', 0);
    });
  const blob = res.data;
  await refusalOf(blob, res.status);
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
