import {
  API,
  type ApplicationActionRequest,
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationQuery,
  awaitsPartner,
  type CompleteStepRequest,
  type LoanContractView,
  type SignContractRequest,
  type SubmitApplicationRequest,
  TIMEOUTS,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { isRspError } from './errors';
import { downloadPdf } from './file-download';
import { type CallOptions, get, post } from './http';

/**
 * The borrower's applications (/loanMgr/…): read one or all (creating one: products.ts), submit, the sandbox steps, sign, cancel.
 * The actions' results are not relied on: callers refetch the detail afterwards.
 */

export const applicationKeys = {
  list: ['loanMgr', 'applications'],
  detail: ['loanMgr', 'application'],
  contract: ['loanMgr', 'loanContract'],
} as const;

export function applicationDetail(query: ApplicationQuery, options?: CallOptions) {
  return get<ApplicationDetail>(API.applicationDetail, query, options);
}

/** How often a page asks again while the application waits on the partner bank; tests shorten it. */
export const partnerPoll = { ms: 3000 };

/**
 * One application's detail. A business refusal (3005: not found or not this user's) is not retried and not
 * toasted: the page shows it. Always refetched when a page mounts (staleTime 0). With `poll`, asked again every
 * partnerPoll.ms while the next move is the bank's (awaitsPartner: its acceptance, decision or disbursement) and
 * no more once it has made it; not while the tab is hidden (TanStack's refetchIntervalInBackground is off), and
 * at once when the tab is shown again.
 */
export const applicationDetailQueryOptions = (query: ApplicationQuery | null, { poll = false } = {}) =>
  queryOptions({
    queryKey: [...applicationKeys.detail, query],
    queryFn: ({ signal }) => applicationDetail(query ?? {}, { silent: true, signal }),
    enabled: query !== null,
    // the state moves on the server (bank callbacks, other tabs): never show a cached state as current
    staleTime: 0,
    retry: (count, error) => !isRspError(error) && count < 1,
    refetchOnWindowFocus: poll,
    refetchInterval: (q) => {
      const detail = q.state.data as ApplicationDetail | undefined;
      return poll && detail && awaitsPartner(detail.application.state) ? partnerPoll.ms : false;
    },
  });

export function applicationList(options?: CallOptions) {
  return get<ApplicationListResult>(API.applicationList, undefined, options);
}

export const applicationListQueryOptions = () =>
  queryOptions({
    queryKey: applicationKeys.list,
    queryFn: ({ signal }) => applicationList({ silent: true, signal }),
  });

export function submitApplication(body: SubmitApplicationRequest, options?: CallOptions) {
  return post<unknown>(API.submitApplication, body, options);
}

export function completeStep(body: CompleteStepRequest, options?: CallOptions) {
  return post<unknown>(API.completeStep, body, options);
}

function getLoanContract(rowId: number, options?: CallOptions) {
  return get<LoanContractView>(API.loanContract, { rowId }, options);
}

/**
 * The contract of an approved or signed application. Its read token starts the reading time when the server
 * serves the text, so it is fetched once per visit and never refreshed behind the reader's back (a changed text,
 * 3406, refetches it on purpose).
 */
export const loanContractQueryOptions = (rowId: number) =>
  queryOptions({
    queryKey: [...applicationKeys.contract, rowId],
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

/** GET /loanMgr/loanContractPreviewPdf?rowId=: the contract before signing, watermarked 预览（未签署）. */
export function downloadLoanContractPreviewPdf(rowId: number, contractNo?: string) {
  return downloadPdf(
    API.loanContractPreviewPdf,
    { rowId },
    { fallbackName: `借款合同预览-${contractNo ?? rowId}.pdf`, failed: '借款合同预览下载失败，请稍后重试' },
  );
}

/** docs/PRODUCT.md §9: the advance cancel waits up to 30 s. */
export function advanceCancel(body: ApplicationActionRequest, options?: CallOptions) {
  return post<unknown>(API.advanceCancel, body, {
    timeout: TIMEOUTS.advanceCancel,
    ...options,
  });
}
