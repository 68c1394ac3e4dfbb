import {
  API,
  type EarlySettleRequest,
  type EarlySettleResult,
  type LoanRecordDetail,
  type LoanRecordItem,
  type LoanRecordQuery,
  type Page,
  type SettlementQuote,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { isRspError } from './errors';
import { downloadPdf } from './file-download';
import { type CallOptions, get, post } from './http';

/** Loans after the decision (/loanMgr/…): the records list, one record in detail, early settlement. */

export const loanKeys = {
  records: ['loanMgr', 'loanRecords'],
  detail: ['loanMgr', 'loanRecordDetail'],
  quote: ['loanMgr', 'settlementQuote'],
} as const;

export function loanRecords(query: LoanRecordQuery, options?: CallOptions) {
  return get<Page<LoanRecordItem>>(API.loanRecords, query, options);
}

export const loanRecordsQueryOptions = (query: LoanRecordQuery) =>
  queryOptions({
    queryKey: [...loanKeys.records, query],
    queryFn: ({ signal }) => loanRecords(query, { silent: true, signal }),
  });

export function loanRecordDetail(rowId: string, options?: CallOptions) {
  return get<LoanRecordDetail>(API.loanRecordDetail, { rowId }, options);
}

/** One record, always fetched afresh; a business refusal (not found, not this user's) is not retried. */
export const loanRecordDetailQueryOptions = (rowId: string | null) =>
  queryOptions({
    queryKey: [...loanKeys.detail, rowId],
    queryFn: ({ signal }) => loanRecordDetail(rowId ?? '', { silent: true, signal }),
    enabled: rowId !== null && rowId !== '',
    staleTime: 0,
    retry: (count, error) => !isRspError(error) && count < 1,
  });

export function settlementQuote(loanId: number, options?: CallOptions) {
  return get<SettlementQuote>(API.settlementQuote, { loanId }, options);
}

export const settlementQuoteQueryOptions = (loanId: number) =>
  queryOptions({
    queryKey: [...loanKeys.quote, loanId],
    queryFn: ({ signal }) => settlementQuote(loanId, { silent: true, signal }),
    staleTime: 0,
    retry: false,
  });

export function earlySettle(body: EarlySettleRequest, options?: CallOptions) {
  return post<EarlySettleResult>(API.earlySettle, body, options);
}

/** GET /loanMgr/settlementCertificatePdf?loanId=: the 结清证明 of a settled loan. */
export function downloadSettlementCertificate(loanId: number) {
  return downloadPdf(
    API.settlementCertificatePdf,
    { loanId },
    { fallbackName: `结清证明-${loanId}.pdf`, failed: '结清证明下载失败，请稍后重试' },
  );
}
