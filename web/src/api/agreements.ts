import {
  type AgreementKind,
  type AgreementStatusResult,
  type AgreementText,
  API,
  type UserReadAgrRequest,
  type UserReadAgrResult,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, post } from './http';

/** Agreements: the current texts (open without a session), the user's acceptances, accepting. */

export const agreementKeys = {
  /** ['agreement', kind, signedIn]: the text with a read token differs from the visitor's */
  text: (kind: AgreementKind, signedIn: boolean) => ['agreement', kind, signedIn] as const,
  status: ['agreementStatus'] as const,
  /** a published version as it was: it never changes */
  version: (kind: AgreementKind, version: string) => ['agreement', kind, 'version', version] as const,
};

function getAgreementText(kind: AgreementKind, options?: CallOptions) {
  return get<AgreementText>(API.agreementText, { kind }, options);
}

/**
 * The current text of an agreement. With a session it carries a read token (the server starts measuring the
 * reading time when it serves it), so it is fetched once per visit and not refreshed behind the reader's back.
 */
export const agreementTextQueryOptions = (kind: AgreementKind, signedIn: boolean) =>
  queryOptions({
    queryKey: agreementKeys.text(kind, signedIn),
    queryFn: () => getAgreementText(kind, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** One published version of a text, e.g. the one a borrower signed (readable, never signable when old). */
function getAgreementVersion(kind: AgreementKind, version: string, options?: CallOptions) {
  return get<AgreementText>(API.agreementText, { kind, version }, options);
}

export const agreementVersionQueryOptions = (kind: AgreementKind, version: string) =>
  queryOptions({
    queryKey: agreementKeys.version(kind, version),
    queryFn: ({ signal }) => getAgreementVersion(kind, version, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

function getAgreementStatus(options?: CallOptions) {
  return get<AgreementStatusResult>(API.agreementStatus, undefined, options);
}

export const agreementStatusQueryOptions = () =>
  queryOptions({
    queryKey: agreementKeys.status,
    queryFn: ({ signal }) => getAgreementStatus({ silent: true, signal }),
  });

/** Accepts the text as served (its version, hash and read token). */
export function userReadAgr(text: AgreementText, options?: CallOptions) {
  const body: UserReadAgrRequest = {
    kind: text.kind,
    version: text.version,
    textHash: text.textHash,
    readToken: text.readToken,
  };
  return post<UserReadAgrResult>(API.userReadAgr, body, options);
}
