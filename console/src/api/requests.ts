import { OPS_API, type OpsRequestKindCode, type OpsRequestState } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

export interface RefundQueueLine {
  refundNo: string;
  amount: string;
  paid: string;
  reason: string;
  createdAt: string;
  loginId: string;
  outTradeNo: string;
  hasEvidence: boolean;
  pending: { requestId: number; kind: OpsRequestKindCode; makerName: string } | null;
}

export interface RequestLine {
  requestId: number;
  kind: OpsRequestKindCode;
  kindLabel: string;
  subject: string;
  payload: Record<string, unknown>;
  state: OpsRequestState;
  makerName: string;
  makerLoginId: string;
  checkerName: string | null;
  checkReason: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
}

export const refundQueueQuery = () =>
  queryOptions({
    queryKey: ['ops', 'refund-queue'],
    queryFn: () => opsRequest<RefundQueueLine[]>('GET', OPS_API.refundQueue),
  });

/** 待我审批, asked again every 30 seconds (the header's count reads it too). */
export const inboxQuery = () =>
  queryOptions({
    queryKey: ['ops', 'inbox'],
    queryFn: () => opsRequest<RequestLine[]>('GET', OPS_API.inbox),
    refetchInterval: 30_000,
  });

export const myRequestsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'my-requests'],
    queryFn: () => opsRequest<RequestLine[]>('GET', OPS_API.myRequests),
  });

export const requestActs = {
  decideRefund: (refundNo: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
    opsRequest<{ requestId: number }>('POST', OPS_API.refundDecide, {
      refundNo,
      decision,
      ...(reason ? { reason } : {}),
    }),
  confirm: (requestId: number) => opsRequest<RequestLine>('POST', OPS_API.confirmRequest, { requestId }),
  decline: (requestId: number, reason: string) =>
    opsRequest<RequestLine>('POST', OPS_API.declineRequest, { requestId, reason }),
  withdraw: (requestId: number) => opsRequest<RequestLine>('POST', OPS_API.withdrawRequest, { requestId }),
};
