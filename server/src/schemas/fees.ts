import {
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_STATUSES,
  type CouponListQuery,
  type CouponListResult,
  type CouponOptionsQuery,
  type CouponOptionsResult,
  FEE_ITEM_KINDS,
  FEE_ITEM_STATUSES,
  type FeeDetail,
  type FeeListQuery,
  type FeeListResult,
  MAX_ROW_ID,
} from '@loan/domain';
import { Type } from 'typebox';
import {
  Cursor,
  DateText,
  DateTime,
  NullableDateTime,
  NullableString,
  NullableYuan,
  PageSize,
  QueryDate,
  strict,
  Yuan,
} from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of service fees and coupons, tied to the domain contract below. */

const FeeStatus = Type.Enum([...FEE_ITEM_STATUSES], {
  description:
    'DUE 待缴 | OVERDUE 逾期 | PAID 已缴 | PARTIALLY_REFUNDED 部分退款 | REFUNDED 已退款 | WAIVED 已减免',
});
const CouponStatusSchema = Type.Enum([...COUPON_STATUSES], {
  description: 'AVAILABLE 可用 | LOCKED 锁定（未支付订单占用） | USED 已使用 | EXPIRED 已过期',
});

export const FeeListQuerystring = Type.Object(
  {
    status: Type.Optional(FeeStatus),
    loanId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: '贷款编号' })),
    dateFrom: QueryDate('应缴日期起（含），YYYY-MM-DD'),
    dateTo: QueryDate('应缴日期止（含），YYYY-MM-DD'),
    cursor: Cursor,
    pageSize: PageSize,
  },
  strict,
);

// the fee id is checked by the service so the borrower gets the exact Chinese reason
export const FeeDetailQuerystring = Type.Object(
  { feeId: Type.String({ maxLength: 32, description: '服务费项目编号' }) },
  strict,
);

export const CouponListQuerystring = Type.Object({ status: Type.Optional(CouponStatusSchema) }, strict);

export const CouponOptionsQuerystring = Type.Object(
  { feeIds: Type.String({ maxLength: 240, description: '服务费项目编号，逗号分隔，最多 20 个' }) },
  strict,
);

export const FeeItemViewSchema = Type.Object({
  feeId: Type.Integer(),
  loanId: Type.Integer(),
  rowId: Type.Union([Type.Integer(), Type.Null()]),
  productName: NullableString,
  bankName: NullableString,
  kind: Type.Enum([...FEE_ITEM_KINDS], { description: 'UPFRONT 一次性 | INSTALMENT 分期' }),
  seq: Type.Integer({ description: '0 为一次性服务费，n 为第 n 期' }),
  dueDate: DateText,
  amount: Yuan,
  discount: Yuan,
  paid: Yuan,
  refunded: Yuan,
  waived: Yuan,
  outstanding: Yuan,
  status: FeeStatus,
  couponTitle: NullableString,
  paidAt: NullableDateTime,
});

export const FeeListResultSchema = Type.Object({
  items: Type.Array(FeeItemViewSchema),
  nextCursor: NullableString,
  totals: Type.Object({
    owed: Yuan,
    dueSoon: Yuan,
    overdue: Yuan,
    paidThisYear: Yuan,
    refunded: Yuan,
  }),
});

export const FeeDetailSchema = Type.Object({
  item: FeeItemViewSchema,
  rateLabel: Type.String(),
  payments: Type.Array(
    Type.Object({
      outTradeNo: Type.String(),
      channel: Type.String(),
      amount: Yuan,
      discount: Yuan,
      status: Type.String(),
      paidAt: NullableDateTime,
      createdAt: DateTime,
    }),
  ),
  refunds: Type.Array(
    Type.Object({ refundNo: Type.String(), amount: Yuan, status: Type.String(), createdAt: DateTime }),
  ),
});

const CouponViewSchema = Type.Object({
  couponId: Type.Integer(),
  kind: Type.Enum([...COUPON_KINDS], {
    description: 'AMOUNT_OFF 满减 | PERCENT_OFF 折扣 | FREE_FEE 免服务费',
  }),
  title: Type.String(),
  amountOff: NullableYuan,
  threshold: NullableYuan,
  percentOff: Type.Union([Type.Integer(), Type.Null()]),
  cap: NullableYuan,
  rule: Type.String(),
  validFrom: DateTime,
  validUntil: DateTime,
  scope: Type.Enum([...COUPON_SCOPES]),
  scopeValues: Type.Array(Type.String()),
  status: CouponStatusSchema,
  expiringSoon: Type.Boolean({ description: '3 天内到期' }),
  kindLabel: Type.String({ description: '按实际规则的类型：立减（无门槛）、满减、折扣、免服务费' }),
  scopeText: Type.String({ description: '适用范围，如“全部产品可用”“限广发银行”' }),
  validityText: Type.String({ description: '有效期（日期，含首尾两日）' }),
  use: Type.Union([
    Type.Object({
      usedAt: DateTime,
      rowId: Type.Union([Type.Integer(), Type.Null()]),
      productName: NullableString,
      feeLabel: NullableString,
      text: Type.String({ description: '何时用于哪笔服务费' }),
    }),
    Type.Null(),
  ]),
});

export const CouponListResultSchema = Type.Object({
  items: Type.Array(CouponViewSchema),
  availableCount: Type.Integer(),
});

export const CouponOptionsResultSchema = Type.Object({
  options: Type.Array(Type.Object({ coupon: CouponViewSchema, feeId: Type.Integer(), discount: Yuan })),
});

export type FeesSchemasMatchTheContract = CheckAll<
  SameEach<
    [
      [typeof FeeListQuerystring, FeeListQuery],
      [typeof FeeListResultSchema, FeeListResult],
      [typeof FeeDetailSchema, FeeDetail],
      [typeof CouponListQuerystring, CouponListQuery],
      [typeof CouponOptionsQuerystring, CouponOptionsQuery],
      [typeof CouponListResultSchema, CouponListResult],
      [typeof CouponOptionsResultSchema, CouponOptionsResult],
    ]
  >
>;
