import {
  API,
  type ApplicationActionRequest,
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationQuery,
  type CompleteStepRequest,
  type LoanContractView,
  type SignContractRequest,
  type SubmitApplicationRequest,
  TIMEOUTS,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { downloadPdf } from './file-download';
import { type CallOptions, get, post } from './http';
import { QUERY_KEYS } from './query-keys';

/**
 * The borrower's applications (/loanMgr/…): read one or all (creating one: products.ts), submit, the sandbox steps, sign, cancel.
 * The actions' results are not relied on: callers refetch the detail afterwards.
 */

export function applicationDetail(query: ApplicationQuery, options?: CallOptions) {
  return get<ApplicationDetail>(API.applicationDetail, query, options);
}

export function applicationList(options?: CallOptions) {
  return get<ApplicationListResult>(API.applicationList, undefined, options);
}

export function submitApplication(body: SubmitApplicationRequest, options?: CallOptions) {
  return post<unknown>(API.submitApplication, body, options);
}

export function completeStep(body: CompleteStepRequest, options?: CallOptions) {
  return post<unknown>(API.completeStep, body, options);
}

export function getLoanContract(rowId: number, options?: CallOptions) {
  return get<LoanContractView>(API.loanContract, { rowId }, options);
}

/**
 * The contract of an approved or signed application. Its read token starts the reading time when the server
 * serves the text, so it is fetched once per visit and never refreshed behind the reader's back (a changed text,
 * 3406, refetches it on purpose).
 */
export const loanContractQuery = (rowId: number) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.loanContract, rowId],
    queryFn: ({ signal }) => getLoanContract(rowId, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Signs the text as served: its hash and read token. */
export function signContract(body: SignContractRequest, options?: CallOptions) {
  return post<unknown>(API.signContract, body, options);
}

/** GET /loanMgr/loanContractPdf?rowId=: the signed contract as kept, a PDF. */
export function downloadLoanContractPdf(rowId: number, contractNo?: string) {
  return downloadPdf(
    API.loanContractPdf,
    { rowId },
    { fallbackName: `借款合同-${contractNo ?? rowId}.pdf`, failed: '借款合同下载失败，请稍后重试' },
  );
}

/** SPEC.md §9: the advance cancel waits up to 30 s. */
export function advanceCancel(body: ApplicationActionRequest, options?: CallOptions) {
  return post<unknown>(API.advanceCancel, body, {
    timeout: TIMEOUTS.advanceCancel,
    ...options,
  });
}
