import { OPS_API, type OpsRequestKindCode } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

interface Pending {
  requestId: number;
  makerName: string;
}

/** A borrower's items an operator may waive now (GET /ops/waivers/ofBorrower). */
export interface Waivable {
  fees: Array<{
    feeItemId: number;
    loanId: number;
    seq: number;
    kindLabel: string;
    dueDate: string;
    amount: string;
    waived: string;
    owed: string;
    pending: Pending | null;
  }>;
  penalties: Array<{
    loanId: number;
    seq: number;
    dueDate: string;
    paid: string;
    waived: string;
    owed: string;
    pending: Pending | null;
  }>;
}

/** What a waiver names: a fee item, or an instalment's penalty. */
export type WaiverTarget =
  | { target: 'FEE'; feeItemId: number }
  | { target: 'PENALTY'; loanId: number; seq: number };

export interface FailedRefundLine {
  refundNo: string;
  amount: string;
  reason: string;
  failureReason: string;
  sends: number;
  nextAttemptAt: string | null;
  failedAt: string;
  loginId: string;
  outTradeNo: string;
  pending: { requestId: number; kind: OpsRequestKindCode; makerName: string } | null;
}

export const waivableQuery = (loginId: string) =>
  queryOptions({
    queryKey: ['ops', 'borrowers', 'waivable', loginId],
    queryFn: () => opsRequest<Waivable>('GET', OPS_API.borrowerWaivable, { loginId }),
  });

export const failedRefundsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'refund-failures'],
    queryFn: () => opsRequest<FailedRefundLine[]>('GET', OPS_API.refundFailures),
  });

export const waiverActs = {
  ask: (target: WaiverTarget, amount: string, reason: string) =>
    opsRequest<{ requestId: number }>('POST', OPS_API.waiverRequest, { ...target, amount, reason }),
  decideFailed: (refundNo: string, decision: 'RESEND' | 'CLOSE', reason?: string) =>
    opsRequest<{ requestId: number }>('POST', OPS_API.refundFailureDecide, {
      refundNo,
      decision,
      ...(reason ? { reason } : {}),
    }),
};
