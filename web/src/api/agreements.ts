import {
  type AgreementKind,
  type AgreementStatusResult,
  type AgreementText,
  API,
  type UserReadAgrRequest,
  type UserReadAgrResult,
} from '@loan/domain';
import { type CallOptions, get, post } from './http';

/** Agreements: the current texts (open without a session), the user's acceptances, accepting. */

export const AGREEMENT_QUERY_KEYS = {
  /** ['agreement', kind, signedIn]: the text with a read token differs from the visitor's */
  text: (kind: AgreementKind, signedIn: boolean) => ['agreement', kind, signedIn] as const,
  status: ['agreementStatus'] as const,
  /** a published version as it was: it never changes */
  version: (kind: AgreementKind, version: string) => ['agreement', kind, 'version', version] as const,
};

export function getAgreementText(kind: AgreementKind, options?: CallOptions) {
  return get<AgreementText>(API.agreementText, { kind }, options);
}

/** One published version of a text, e.g. the one a borrower signed (readable, never signable when old). */
export function getAgreementVersion(kind: AgreementKind, version: string, options?: CallOptions) {
  return get<AgreementText>(API.agreementText, { kind, version }, options);
}

export function getAgreementStatus(options?: CallOptions) {
  return get<AgreementStatusResult>(API.agreementStatus, undefined, options);
}

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
