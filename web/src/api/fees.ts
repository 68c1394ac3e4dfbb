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
import { FRESH_ON_OPEN_MS } from './fresh-on-open';
import { type CallOptions, get } from './http';

/** Service fees (/service/…) and the borrower's coupons (/users/coupons…). */

export const feeKeys = {
  list: ['service', 'feeList'],
  detail: ['service', 'feeDetail'],
  coupons: ['users', 'coupons'],
  couponOptions: ['users', 'couponOptions'],
} as const;

export function feeList(query: FeeListQuery, options?: CallOptions) {
  return get<FeeListResult>(API.feeList, query, options);
}

export const feeListQueryOptions = (query: FeeListQuery) =>
  queryOptions({
    queryKey: [...feeKeys.list, query],
    queryFn: ({ signal }) => feeList(query, { silent: true, signal }),
  });

/** One fee item with the payments and refunds that touched it. */
export function feeDetail(feeId: number, options?: CallOptions) {
  return get<FeeDetail>(API.feeDetail, { feeId }, options);
}

export const feeDetailQueryOptions = (feeId: number) =>
  queryOptions({
    queryKey: [...feeKeys.detail, feeId],
    queryFn: ({ signal }) => feeDetail(feeId, { silent: true, signal }),
    staleTime: 0,
  });

export function coupons(status?: CouponStatus, options?: CallOptions) {
  return get<CouponListResult>(API.coupons, status ? { status } : {}, options);
}

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: feeKeys.coupons,
    queryFn: ({ signal }) => coupons(undefined, { silent: true, signal }),
    staleTime: FRESH_ON_OPEN_MS,
  });

/** The coupons usable on these fee items, best first, each with the item it applies to and its discount. */
export function couponOptions(feeIds: readonly number[], options?: CallOptions) {
  return get<CouponOptionsResult>(API.couponOptions, { feeIds: feeIds.join(',') }, options);
}

export const couponOptionsQueryOptions = (feeIds: readonly number[]) =>
  queryOptions({
    queryKey: [...feeKeys.couponOptions, [...feeIds].sort((a, b) => a - b).join(',')],
    queryFn: ({ signal }) => couponOptions(feeIds, { silent: true, signal }),
    staleTime: 0,
    enabled: feeIds.length > 0,
  });
