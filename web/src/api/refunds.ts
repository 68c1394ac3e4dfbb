import {
  API,
  REFUND_OPEN_STATES,
  type RefundApplyRequest,
  type RefundDetail,
  type RefundItem,
  type RefundListQuery,
  type RefundPage,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, post } from './http';

/** Refund applications (/refund/…): apply, cancel before review, list, one in detail with its timeline. */

export const refundKeys = {
  list: ['refund', 'list'],
  detail: ['refund', 'detail'],
} as const;

/** How often open refunds are asked again while they move on (已提交 → 已退款). */
export const refundPoll = { ms: 2000 };

/** Still under way (the review, the gateway's refund): the states the refund machine can still leave. */
export const isOpenRefund = (refund: Pick<RefundItem, 'status'>) =>
  REFUND_OPEN_STATES.includes(refund.status);

export function applyRefund(body: RefundApplyRequest, options?: CallOptions) {
  return post<RefundDetail>(API.refundApply, body, options);
}

export function cancelRefund(refundNo: string, options?: CallOptions) {
  return post<RefundDetail>(API.refundCancel, { refundNo }, options);
}

export function refundList(query: RefundListQuery, options?: CallOptions) {
  return get<RefundPage>(API.refundList, query, options);
}

/** A page of the borrower's refunds, asked again while one of them is still open. */
export const refundListQueryOptions = (query: RefundListQuery) =>
  queryOptions({
    queryKey: [...refundKeys.list, query],
    queryFn: ({ signal }) => refundList(query, { silent: true, signal }),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.items.some(isOpenRefund) ? refundPoll.ms : false),
  });

export function refundDetail(refundNo: string, options?: CallOptions) {
  return get<RefundDetail>(API.refundDetail, { refundNo }, options);
}

export const refundDetailQueryOptions = (refundNo: string) =>
  queryOptions({
    queryKey: [...refundKeys.detail, refundNo],
    queryFn: ({ signal }) => refundDetail(refundNo, { silent: true, signal }),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isOpenRefund(q.state.data.refund) ? refundPoll.ms : false),
  });
