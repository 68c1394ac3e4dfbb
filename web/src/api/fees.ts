import type {
  CouponListResult,
  CouponOptionsResult,
  CouponStatus,
  FeeDetail,
  FeeListQuery,
  FeeListResult,
} from '@loan/domain';
import { API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, get } from './http';
import { QUERY_KEYS } from './query-keys';

/** Service fees (/service/…) and the borrower's coupons (/users/coupons…). */

export function feeList(query: FeeListQuery, options?: CallOptions) {
  return get<FeeListResult>(API.feeList, query, options);
}

export const feeListQuery = (query: FeeListQuery) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.feeList, query],
    queryFn: ({ signal }) => feeList(query, { silent: true, signal }),
  });

/** One fee item with the payments and refunds that touched it. */
export function feeDetail(feeId: number, options?: CallOptions) {
  return get<FeeDetail>(API.feeDetail, { feeId }, options);
}

export const feeDetailQuery = (feeId: number) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.feeDetail, feeId],
    queryFn: ({ signal }) => feeDetail(feeId, { silent: true, signal }),
    staleTime: 0,
  });

export function coupons(status?: CouponStatus, options?: CallOptions) {
  return get<CouponListResult>(API.coupons, status ? { status } : {}, options);
}

export const couponsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.coupons,
    queryFn: ({ signal }) => coupons(undefined, { silent: true, signal }),
    staleTime: 0,
  });

/** The coupons usable on these fee items, best first, each with the item it applies to and its discount. */
export function couponOptions(feeIds: readonly number[], options?: CallOptions) {
  return get<CouponOptionsResult>(API.couponOptions, { feeIds: feeIds.join(',') }, options);
}

export const couponOptionsQuery = (feeIds: readonly number[]) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.couponOptions, [...feeIds].sort((a, b) => a - b).join(',')],
    queryFn: ({ signal }) => couponOptions(feeIds, { silent: true, signal }),
    staleTime: 0,
    enabled: feeIds.length > 0,
  });
