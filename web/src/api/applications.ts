import {
  API,
  type ApplicationActionRequest,
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationQuery,
  type CompleteStepRequest,
  type SubmitApplicationRequest,
  TIMEOUTS,
} from '@loan/domain';
import { type CallOptions, get, post } from './http';

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

export function signContract(body: ApplicationActionRequest, options?: CallOptions) {
  return post<unknown>(API.signContract, body, options);
}

/** SPEC.md §9: the advance cancel waits up to 30 s. */
export function advanceCancel(body: ApplicationActionRequest, options?: CallOptions) {
  return post<unknown>(API.advanceCancel, body, {
    timeout: TIMEOUTS.advanceCancel,
    ...options,
  });
}
