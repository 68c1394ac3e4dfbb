import { type AgainMwsTokenRequest, API, type MwsTokenCheckResult, normaliseSellerId } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { saveStoreCheck } from '../session/session';
import { encryptSecret } from './cipher';
import { type CallOptions, get, post } from './http';

/** Store authorisation (/seller/…). Every successful answer updates the session's store record (docs/PRODUCT.md §3). */

export const storeKeys = {
  check: ['seller', 'mwsTokenCheck'],
} as const;

export async function mwsTokenCheck(options?: CallOptions): Promise<MwsTokenCheckResult> {
  const result = await get<MwsTokenCheckResult>(API.mwsTokenCheck, undefined, options);
  saveStoreCheck(result);
  return result;
}

/** The signed-in user's store and its authorisation status. */
export const storeCheckQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.check,
    queryFn: ({ signal }) => mwsTokenCheck({ signal }),
  });

/** Authorises (again) with seller id and token; the token travels as field-cipher text, like passwords. */
export async function againMwsToken(
  sellerId: string,
  mwsAuthToken: string,
  options?: CallOptions,
): Promise<MwsTokenCheckResult> {
  const body: AgainMwsTokenRequest = {
    sellerId: normaliseSellerId(sellerId),
    mwsAuthToken: await encryptSecret(mwsAuthToken.trim()),
  };
  const result = await post<MwsTokenCheckResult>(API.againMwsToken, body, options);
  saveStoreCheck(result);
  return result;
}
