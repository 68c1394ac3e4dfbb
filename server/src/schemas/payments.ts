import {
  CLOSE_REASONS,
  type CreatedOrder,
  type CreateOrderRequest,
  MAX_ROW_ID,
  type NotifyResult,
  PAYMENT_CHANNELS,
  PAYMENT_ORDER_STATES,
  PAYMENT_PURPOSES,
  type PaymentOrderView,
  type RepayNowRequest,
  type SandboxCashierRequest,
} from '@loan/domain';
import { Type } from 'typebox';
import { strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description });
const Yuan = Type.String({ description: '金额（元，两位小数）' });
const OutTradeNo = Type.String({ minLength: 1, maxLength: 32, description: '支付订单号（PAY 开头）' });
const Channel = Type.Enum([...PAYMENT_CHANNELS], {
  description: '支付渠道：ALIPAY 支付宝、WECHAT 微信支付、UNIONPAY 银联、TRANSFER 对公转账',
});

export const CreateOrderBody = Type.Object(
  {
    feeIds: Type.Array(Id('服务费项目编号'), {
      minItems: 1,
      maxItems: 50,
      description: '同一笔贷款的服务费项目',
    }),
    couponId: Type.Optional(Id('优惠券编号（可选，一张优惠券抵扣其中一项）')),
    channel: Channel,
  },
  strict,
);

export const RepayNowBody = Type.Object(
  {
    loanId: Id('贷款编号（loanId）'),
    seq: Type.Integer({ minimum: 1, maximum: 360, description: '期数' }),
    channel: Channel,
  },
  strict,
);

export const OutTradeNoBody = Type.Object({ outTradeNo: OutTradeNo }, strict);
export const OutTradeNoQuerystring = Type.Object({ outTradeNo: OutTradeNo }, strict);
export const NoQuerystring = Type.Object({}, strict);

export const SandboxCashierBody = Type.Object(
  {
    outTradeNo: OutTradeNo,
    action: Type.Enum(['PAY', 'FAIL'], { description: 'PAY 确认支付；FAIL 模拟支付失败' }),
  },
  strict,
);

export const PaymentOrderSchema = Type.Object({
  outTradeNo: Type.String(),
  purpose: Type.Enum([...PAYMENT_PURPOSES]),
  loanId: Type.Union([Type.Integer(), Type.Null()]),
  productName: Type.Union([Type.String(), Type.Null()]),
  channel: Type.Enum([...PAYMENT_CHANNELS]),
  channelLabel: Type.String(),
  amount: Yuan,
  discount: Yuan,
  couponId: Type.Union([Type.Integer(), Type.Null()]),
  couponTitle: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum([...PAYMENT_ORDER_STATES]),
  statusLabel: Type.String(),
  closeReason: Type.Union([Type.Enum([...CLOSE_REASONS]), Type.Null()]),
  items: Type.Array(
    Type.Object({
      feeId: Type.Union([Type.Integer(), Type.Null()]),
      seq: Type.Union([Type.Integer(), Type.Null()]),
      principal: Yuan,
      interest: Yuan,
      penalty: Yuan,
      fee: Yuan,
      discount: Yuan,
    }),
  ),
  unapplied: Yuan,
  refunded: Yuan,
  refundable: Yuan,
  createdAt: Type.String(),
  expiresAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
});

export const CreatedOrderSchema = Type.Object({
  order: PaymentOrderSchema,
  cashierUrl: Type.Union([Type.String(), Type.Null()]),
});

export const PaymentOrderListSchema = Type.Array(PaymentOrderSchema);

export const NotifyResultSchema = Type.Object({ outcome: Type.Enum(['APPLIED', 'DUPLICATE', 'IGNORED']) });

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const WhenOrNull = Type.Union([Type.String({ maxLength: 40 }), Type.Null()]);
const NotifyAmount = Type.String({ pattern: '^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,2})?$' });
/** What both of the gateway's notifies carry: their own id and the payment order's number. */
const notifyKeys = { notifyId: Text(64), outTradeNo: Text(32) };

/** The gateway's payment notify body (checked after the signature, over the parsed raw body). */
export const PaymentNotifySchema = Type.Object({
  ...notifyKeys,
  gatewayTradeNo: Text(64),
  tradeStatus: Type.Enum(['SUCCESS', 'CLOSED']),
  amount: NotifyAmount,
  paidAt: WhenOrNull,
});

export const RefundNotifySchema = Type.Object({
  ...notifyKeys,
  outRefundNo: Text(32),
  gatewayRefundNo: Text(64),
  refundStatus: Type.Enum(['SUCCESS', 'FAILED']),
  amount: NotifyAmount,
  refundedAt: WhenOrNull,
});

export type PaymentSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof CreateOrderBody, CreateOrderRequest],
      [typeof RepayNowBody, RepayNowRequest],
      [typeof SandboxCashierBody, SandboxCashierRequest],
      [typeof PaymentOrderSchema, PaymentOrderView],
      [typeof CreatedOrderSchema, CreatedOrder],
      [typeof NotifyResultSchema, NotifyResult],
    ]
  >
>;
