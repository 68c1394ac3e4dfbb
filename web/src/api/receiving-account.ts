import {
  API,
  type OpenSubAccountRequest,
  type PaidMethodRequest,
  type ReceivingAccountView,
  type SettlementAccountRequest,
  type VerifySettlementRequest,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, post } from './http';

/**
 * The receiving account (/lock/…): the collection sub-account at a partner bank, the settlement account's small
 * deposit check, where the store's payouts go, the repayment method, and the lock while money is owed.
 */

export const receivingAccountKeys = {
  account: ['lock', 'account'],
} as const;

/** How often the page asks again while the bank is opening the sub-account or the marketplace is checking. */
export const receivingPoll = { ms: 2000 };

/** The sandbox marketplace's developer route (development builds, loopback only): where the store's payouts go. */
export const DEV_POINT_PAYOUTS = '/dev/sandbox/pointPayouts';

type PayoutTarget = 'SUB_ACCOUNT' | 'OTHER' | 'PENDING';

export function receivingAccount(options?: CallOptions) {
  return get<ReceivingAccountView>(API.receivingAccount, {}, options);
}

const waiting = (view: ReceivingAccountView | undefined) =>
  view?.current?.state === 'OPENING' || view?.payout.state === 'CHECKING';

/** The receiving account, asked again while an opening or a payout check is under way. */
export const receivingAccountQueryOptions = () =>
  queryOptions({
    queryKey: receivingAccountKeys.account,
    queryFn: ({ signal }) => receivingAccount({ silent: true, signal }),
    staleTime: 0,
    refetchInterval: (q) => (waiting(q.state.data) ? receivingPoll.ms : false),
  });

export function openSubAccount(body: OpenSubAccountRequest, options?: CallOptions) {
  return post<unknown>(API.openSubAccount, body, options);
}

export function submitSettlementAccount(body: SettlementAccountRequest, options?: CallOptions) {
  return post<unknown>(API.settlementAccount, body, options);
}

export function verifySettlement(body: VerifySettlementRequest, options?: CallOptions) {
  return post<unknown>(API.verifySettlement, body, options);
}

export function recheckPayout(options?: CallOptions) {
  return post<unknown>(API.recheckPayout, {}, options);
}

export function choosePaidMethod(body: PaidMethodRequest, options?: CallOptions) {
  return post<unknown>(API.paidMethod, body, options);
}

/** Sandbox only: as if the seller had pointed the store's payouts in Seller Central; the server then checks them. */
export function sandboxPointPayouts(loginId: string, to: PayoutTarget, options?: CallOptions) {
  return post<unknown>(DEV_POINT_PAYOUTS, { loginId, to }, options);
}
