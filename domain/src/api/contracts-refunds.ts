/**
 * Request and result shapes of refunds: a borrower applies for money back from a paid payment order, follows
 * the application through its review and the gateway's refund, and may cancel it before the review. Money is
 * yuan as a decimal string with two places; times ISO 8601.
 */
import type { RefundActor, RefundEvent, RefundSource, RefundState } from '../refunds/refund-types.ts';
import type { Page } from './contracts-loans.ts';

/** POST /refund/apply */
export interface RefundApplyRequest {
  /** the paid payment order's number (PAY…) */
  outTradeNo: string;
  /** yuan, at most the payment's refundable amount */
  amount: string;
  /** required, 1–200 characters */
  reason: string;
  /** a document uploaded through /users/uploadDocument (kind REFUND_EVIDENCE) */
  evidenceDocumentId?: number;
}

/** POST /refund/cancel: only before the review. */
export interface RefundCancelRequest {
  refundNo: string;
}

/** GET /refund/list */
export interface RefundListQuery {
  status?: RefundState;
  cursor?: string;
  /** 1–100, default 10 */
  limit?: number;
}

/** GET /refund/detail?refundNo= */
export interface RefundDetailQuery {
  refundNo: string;
}

export interface RefundItem {
  refundNo: string;
  outTradeNo: string;
  amount: string;
  status: RefundState;
  /** 已提交 / 已同意 / 退款中 / 已退款 / 已拒绝 / 已撤销 / 退款失败 / 已关闭 */
  statusLabel: string;
  source: RefundSource;
  reason: string;
  /** the reviewer's reason of a rejection (or of an approval, when given) */
  reviewReason: string | null;
  createdAt: string;
  updatedAt: string;
  refundedAt: string | null;
  /** why the gateway did not refund (退款失败, and kept once 已关闭) */
  failureReason: string | null;
  /** of a failed refund: what happens next, for the borrower; null otherwise */
  nextStep: string | null;
  /** what the borrower may do now */
  canCancel: boolean;
}

export type RefundPage = Page<RefundItem>;

/** The payment a refund gives money back from, as it stands now. */
export interface RefundPaymentView {
  outTradeNo: string;
  /** FEE | INSTALMENT */
  purpose: string;
  /** ALIPAY | WECHAT | UNIONPAY | TRANSFER */
  channel: string;
  /** the cash paid */
  amount: string;
  /** refunded so far */
  refunded: string;
  /** what may still be asked: paid − refunded − pending */
  refundable: string;
  paidAt: string | null;
}

export interface RefundTimelineEntry {
  at: string;
  fromState: RefundState | null;
  toState: RefundState;
  event: RefundEvent | 'CREATE';
  /** Chinese: 提交申请 / 审核同意 / … */
  eventLabel: string;
  actor: RefundActor;
  /** Chinese: 借款人 / 运营人员 / 系统 / 支付渠道 */
  actorLabel: string;
  reason: string | null;
}

export interface RefundEvidenceView {
  documentId: number;
  fileName: string;
}

export interface RefundDetail {
  refund: RefundItem;
  payment: RefundPaymentView;
  evidence: RefundEvidenceView | null;
  /** every change, oldest first */
  timeline: RefundTimelineEntry[];
}
