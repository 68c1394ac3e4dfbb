import type {
  AccountOverview,
  ChangeContactRequest,
  ChangeContactResult,
  SecurityView,
  SendContactCodeRequest,
  SignOutOthersResult,
} from '@loan/domain';
import { API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { encryptSecret } from './cipher';
import { FRESH_ON_OPEN_MS } from './fresh-on-open';
import { type CallOptions, get, post } from './http';

/** My account (/account/…): what the borrower owes, their profile, sign-ins and contacts. */

export const accountKeys = {
  overview: ['account', 'overview'],
  security: ['account', 'security'],
} as const;

export function accountOverview(options?: CallOptions) {
  return get<AccountOverview>(API.accountOverview, {}, options);
}

export const accountOverviewQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.overview,
    queryFn: ({ signal }) => accountOverview({ silent: true, signal }),
    staleTime: FRESH_ON_OPEN_MS,
  });

export function accountSecurity(options?: CallOptions) {
  return get<SecurityView>(API.accountSecurity, {}, options);
}

export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.security,
    queryFn: ({ signal }) => accountSecurity({ silent: true, signal }),
    staleTime: FRESH_ON_OPEN_MS,
  });

/** Ends every other live session of the borrower; this one stays. */
export function signOutOthers(options?: CallOptions) {
  return post<SignOutOthersResult>(API.signOutOthers, {}, options);
}

/** A code to the NEW phone (sms) or e-mail. */
export function sendContactCode(body: SendContactCodeRequest, options?: CallOptions) {
  return post<null>(API.sendContactCode, body, options);
}

/** The change with the code sent to the new contact and the current password (sent as field-cipher text). */
export async function changeContact(
  { password, ...rest }: ChangeContactRequest,
  options?: CallOptions,
): Promise<ChangeContactResult> {
  const body: ChangeContactRequest = { ...rest, password: await encryptSecret(password) };
  return post<ChangeContactResult>(API.changeContact, body, options);
}
