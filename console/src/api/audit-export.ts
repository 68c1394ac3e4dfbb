import { OPS_API } from '@loan/domain';
import { OpsApiError, opsHttp } from './http';
import type { AuditFilter } from './ops';

/** Downloads the audit search as xlsx; a refusal (JSON) rejects with its Chinese text. */
export async function downloadAuditExport(filter: AuditFilter): Promise<void> {
  const params = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  const res = await opsHttp.get<Blob>(OPS_API.auditExport, { params, responseType: 'blob', timeout: 60_000 });
  const blob = res.data;
  if (blob.type.startsWith('application/json')) {
    const body = JSON.parse(await blob.text()) as { response: { rspCode: string; rspDesc: string } };
    throw new OpsApiError(body.response.rspCode, body.response.rspDesc, res.status);
  }
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : '审计日志.xlsx';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
