import {
  MAX_ROW_ID,
  REFUND_ACTORS,
  REFUND_EVENTS,
  REFUND_SOURCES,
  REFUND_STATES,
  type RefundApplyRequest,
  type RefundCancelRequest,
  type RefundDetail,
  type RefundDetailQuery,
  type RefundListQuery,
  type RefundPage,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString, PageQuery, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of refunds, tied to the domain contract below. */

const State = Type.Enum([...REFUND_STATES], {
  description:
    'SUBMITTED 已提交 | APPROVED 已同意 | REFUNDING 退款中 | REFUNDED 已退款 | REJECTED 已拒绝 | CANCELLED 已撤销',
});
// numbers are checked by the service, so a malformed one reads like a missing one
const RefundNo = Type.String({ minLength: 1, maxLength: 32, description: '退款单号（RF 开头）' });

export const RefundApplyBody = Type.Object(
  {
    outTradeNo: Type.String({ minLength: 1, maxLength: 64, description: '要退款的支付订单号（PAY 开头）' }),
    amount: Type.String({ maxLength: 24, description: '退款金额（元），不超过该笔支付的可退金额' }),
    // the service counts characters and answers 3907 with the exact reason
    reason: Type.String({ maxLength: 400, description: '退款原因，必填，1–200 个字' }),
    evidenceDocumentId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ROW_ID,
        description: '凭证文件编号（先经 /users/uploadDocument 上传，kind 为 REFUND_EVIDENCE）',
      }),
    ),
  },
  strict,
);

export const RefundCancelBody = Type.Object({ refundNo: RefundNo }, strict);

export const RefundListQuerystring = Type.Object(
  {
    status: Type.Optional(State),
    ...PageQuery,
  },
  strict,
);

export const RefundDetailQuerystring = Type.Object({ refundNo: RefundNo }, strict);

const RefundItemSchema = Type.Object({
  refundNo: Type.String(),
  outTradeNo: Type.String(),
  amount: Yuan,
  status: State,
  statusLabel: Type.String(),
  source: Type.Enum([...REFUND_SOURCES], { description: 'BORROWER 借款人申请 | AUTO 系统自动退款' }),
  reason: Type.String(),
  reviewReason: NullableString,
  createdAt: DateTime,
  updatedAt: DateTime,
  refundedAt: NullableDateTime,
  failureReason: NullableString,
  nextStep: NullableString,
  canCancel: Type.Boolean({ description: '审核前可撤销' }),
});

export const RefundPageSchema = Type.Object({
  items: Type.Array(RefundItemSchema),
  nextCursor: NullableString,
});

export const RefundDetailSchema = Type.Object({
  refund: RefundItemSchema,
  payment: Type.Object({
    outTradeNo: Type.String(),
    purpose: Type.String({ description: 'FEE 服务费 | INSTALMENT 主动还款' }),
    channel: Type.String({ description: 'ALIPAY | WECHAT | UNIONPAY | TRANSFER' }),
    amount: Yuan,
    refunded: Yuan,
    refundable: Yuan,
    paidAt: NullableDateTime,
  }),
  evidence: Type.Union([Type.Object({ documentId: Type.Integer(), fileName: Type.String() }), Type.Null()]),
  timeline: Type.Array(
    Type.Object({
      at: DateTime,
      fromState: Type.Union([State, Type.Null()]),
      toState: State,
      event: Type.Enum([...REFUND_EVENTS, 'CREATE']),
      eventLabel: Type.String(),
      actor: Type.Enum([...REFUND_ACTORS]),
      actorLabel: Type.String(),
      reason: NullableString,
    }),
  ),
});

export type RefundSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof RefundApplyBody, RefundApplyRequest],
      [typeof RefundCancelBody, RefundCancelRequest],
      [typeof RefundListQuerystring, RefundListQuery],
      [typeof RefundDetailQuerystring, RefundDetailQuery],
      [typeof RefundPageSchema, RefundPage],
      [typeof RefundDetailSchema, RefundDetail],
    ]
  >
>;
