import {
  AGREEMENT_KINDS,
  APPLICATION_STATES,
  BANK_CODES,
  FEE_ITEM_STATUSES,
  INSTALMENT_STATUSES,
  LEDGER_TYPES,
  LOAN_RECORD_STATUSES,
  LOAN_STATUSES,
  type LoanRecordDetail,
  type LoanRecordItem,
  type LoanRecordQuery,
  OVERDUE_BUCKETS,
  PAYMENT_PURPOSES,
  type Page,
  REPAYMENT_METHODS,
  type TradingRecordPage,
  type TradingRecordQuery,
} from '@loan/domain';
import { Type } from 'typebox';
import { ApplicationDetailSchema } from './application-results.ts';
import {
  DateText,
  DateTime,
  NullableDateTime,
  NullableString,
  NullableYuan,
  PageQuery,
  QueryDate,
  strict,
  Yuan,
} from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of loans after the decision, tied to the domain contract below. */

export const LoanRecordQuerystring = Type.Object(
  {
    status: Type.Optional(
      Type.Enum([...LOAN_RECORD_STATUSES], {
        description:
          'APPLYING 申请中 | APPROVED 审批通过 | REJECTED 已拒绝 | CLOSED 已取消 | REPAYING | OVERDUE | SETTLED',
      }),
    ),
    bank: Type.Optional(Type.Enum([...BANK_CODES], { description: '合作机构' })),
    from: QueryDate('申请日期起（含），YYYY-MM-DD'),
    to: QueryDate('申请日期止（含），YYYY-MM-DD'),
    ...PageQuery,
  },
  strict,
);

export const LoanRecordDetailQuerystring = Type.Object(
  { rowId: Type.String({ minLength: 1, maxLength: 16, description: '申请编号（rowId）' }) },
  strict,
);

const tradingFilters = {
  type: Type.Optional(Type.Enum([...LEDGER_TYPES], { description: '交易类型' })),
  from: QueryDate('交易日期起（含），YYYY-MM-DD'),
  to: QueryDate('交易日期止（含），YYYY-MM-DD'),
};

export const TradingRecordQuerystring = Type.Object({ ...tradingFilters, ...PageQuery }, strict);

export const TradingExportQuerystring = Type.Object(
  { format: Type.Enum(['csv', 'xlsx'], { description: '文件格式' }), ...tradingFilters },
  strict,
);

// ---------------------------------------------------------------------------------------------------------

const LoanRecordItemSchema = Type.Object({
  rowId: Type.Integer(),
  loanId: Type.Union([Type.Integer(), Type.Null()]),
  bank: Type.Enum([...BANK_CODES]),
  bankName: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  amount: NullableYuan,
  termMonths: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Enum([...APPLICATION_STATES]),
  recordStatus: Type.Enum([...LOAN_RECORD_STATUSES]),
  overdueBucket: Type.Union([Type.Enum([...OVERDUE_BUCKETS]), Type.Null()], {
    description: '逾期阶段：M1 1–30 天，M2 31–60 天，M3 61–90 天，M3+ 90 天以上；未逾期为 null',
  }),
  outstandingPrincipal: NullableYuan,
  createdAt: DateTime,
  disbursedAt: NullableDateTime,
  bankPath: Type.String(),
});

export const LoanRecordPageSchema = Type.Object({
  items: Type.Array(LoanRecordItemSchema),
  nextCursor: NullableString,
});

const LoanViewSchema = Type.Object({
  loanId: Type.Integer(),
  principal: Yuan,
  annualRate: Type.String({ description: '名义年利率（小数）' }),
  method: Type.Enum([...REPAYMENT_METHODS]),
  termMonths: Type.Integer(),
  startDate: DateText,
  status: Type.Enum([...LOAN_STATUSES]),
  outstandingPrincipal: Yuan,
  disbursedAt: DateTime,
  settledAt: NullableDateTime,
  serviceFee: Type.Union([
    Type.Object({
      amount: Yuan,
      status: Type.Enum([...FEE_ITEM_STATUSES, 'PAYING', 'PAID_AND_WAIVED'], {
        description: '服务费状态（PAYING 部分已缴；PAID_AND_WAIVED 已缴清，部分提前结清减免）',
      }),
      discount: Type.Optional(Yuan),
      paid: Type.Optional(Yuan),
      refunded: Type.Optional(Yuan),
      waived: Type.Optional(Yuan),
      outstanding: Type.Optional(Yuan),
      rateLabel: Type.Optional(Type.String({ description: '费率，如 0.20%/月、1.00%（一次性）' })),
      chargeRule: Type.Optional(
        Type.String({ description: '服务费何时收取，如“借款全额发放，一次性服务费不从借款中扣除，…”' }),
      ),
    }),
    Type.Null(),
  ]),
  annualisedRate: Type.String({ description: '年化利率（IRR，小数 4 位）' }),
});

export const InstalmentViewSchema = Type.Object({
  seq: Type.Integer(),
  dueDate: DateText,
  principal: Yuan,
  interest: Yuan,
  fee: Yuan,
  penalty: Yuan,
  paidPrincipal: Yuan,
  paidInterest: Yuan,
  paidFee: Yuan,
  paidPenalty: Yuan,
  due: Yuan,
  waived: Yuan,
  outstanding: Yuan,
  status: Type.Enum([...INSTALMENT_STATUSES]),
  paidAt: NullableDateTime,
});

const LedgerLineSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Enum([...LEDGER_TYPES]),
  amount: Yuan,
  principal: Yuan,
  interest: Yuan,
  penalty: Yuan,
  fee: Yuan,
  loanId: Type.Union([Type.Integer(), Type.Null()]),
  productName: NullableString,
  reversesId: Type.Union([Type.Integer(), Type.Null()]),
  memo: NullableString,
  occurredAt: DateTime,
});

const AcceptedAgreementSchema = Type.Object({
  kind: Type.Enum([...AGREEMENT_KINDS]),
  title: Type.String(),
  version: Type.String(),
  textHash: Type.String(),
  acceptedAt: DateTime,
  route: Type.String(),
});

export const LoanRecordDetailSchema = Type.Object({
  detail: ApplicationDetailSchema,
  loan: Type.Union([LoanViewSchema, Type.Null()]),
  instalments: Type.Array(InstalmentViewSchema),
  transactions: Type.Array(LedgerLineSchema),
  agreements: Type.Array(AcceptedAgreementSchema),
  contractRowId: Type.Union([Type.Integer(), Type.Null()], {
    description: '已留存签署的借款合同时为申请编号（用于 /loanMgr/loanContractPdf），否则为 null',
  }),
  openOrder: Type.Union(
    [
      Type.Object({
        outTradeNo: Type.String(),
        purpose: Type.Enum([...PAYMENT_PURPOSES]),
        purposeLabel: Type.String(),
        amount: Yuan,
        cashierUrl: NullableString,
        expiresAt: DateTime,
      }),
      Type.Null(),
    ],
    { description: '该贷款待支付的订单（继续支付或取消后才能发起其他支付），没有时为 null' },
  ),
  settlement: Type.Union(
    [
      Type.Object({
        outTradeNo: Type.String(),
        total: Yuan,
        asOfDate: DateText,
        settledAt: DateTime,
      }),
      Type.Null(),
    ],
    { description: '已提前结清时为结清支付（其电子回单见 /pay/receipt），否则为 null' },
  ),
  overdue: Type.Union(
    [
      Type.Object({
        days: Type.Integer({ minimum: 1, description: '最早一期逾期的天数（北京时间自然日）' }),
        amount: Yuan,
        penalty: Yuan,
        instalments: Type.Array(
          Type.Object({
            seq: Type.Integer(),
            dueDate: DateText,
            days: Type.Integer({ minimum: 1 }),
            penalty: Yuan,
            amount: Yuan,
          }),
        ),
      }),
      Type.Null(),
    ],
    { description: '今日已逾期的分期（罚息计至今日，即立即还款的金额），没有时为 null' },
  ),
});

export const TradingRecordPageSchema = Type.Object({
  items: Type.Array(LedgerLineSchema),
  nextCursor: NullableString,
  totals: Type.Object({
    amount: Yuan,
    principal: Yuan,
    disbursed: Yuan,
    interest: Yuan,
    penalty: Yuan,
    fee: Yuan,
    count: Type.Integer(),
  }),
});

export type LoanSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof LoanRecordQuerystring, LoanRecordQuery],
      [typeof TradingRecordQuerystring, TradingRecordQuery],
      [typeof LoanRecordPageSchema, Page<LoanRecordItem>],
      [typeof LoanRecordDetailSchema, LoanRecordDetail],
      [typeof TradingRecordPageSchema, TradingRecordPage],
    ]
  >
>;
