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
import { type CallOptions, get, post } from './http';

/** Loans after the decision (/loanMgr/…): the records list, one record in detail, early settlement. */

export const LOAN_QUERY_KEYS = {
  records: ['loanMgr', 'loanRecords'],
  detail: ['loanMgr', 'loanRecordDetail'],
  quote: ['loanMgr', 'settlementQuote'],
} as const;

export function loanRecords(query: LoanRecordQuery, options?: CallOptions) {
  return get<Page<LoanRecordItem>>(API.loanRecords, query, options);
}

export function loanRecordDetail(rowId: string, options?: CallOptions) {
  return get<LoanRecordDetail>(API.loanRecordDetail, { rowId }, options);
}

export function settlementQuote(loanId: number, options?: CallOptions) {
  return get<SettlementQuote>(API.settlementQuote, { loanId }, options);
}

export function earlySettle(body: EarlySettleRequest, options?: CallOptions) {
  return post<EarlySettleResult>(API.earlySettle, body, options);
}
