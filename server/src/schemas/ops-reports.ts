import {
  type FeeIncomeReport,
  type PrincipalReport,
  RECONCILIATION_MISMATCHES,
  type ReconciliationMismatchKind,
  type ReconciliationReport,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableString, NullableYuan, QueryDate, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** The console's reports (报表): their queries and results (domain/src/ops/reports.ts). */

// dates are checked by the service, for the exact Chinese reason (domain feeIncomeRange)
export const ReconciliationQuery = Type.Object(
  { date: QueryDate('对账日期 YYYY-MM-DD（北京时间），默认昨天') },
  strict,
);
export const FeeIncomeQuery = Type.Object(
  {
    from: QueryDate('开始日期 YYYY-MM-DD（北京时间，含），默认本月 1 日（按月：12 个月前）'),
    to: QueryDate('结束日期 YYYY-MM-DD（北京时间，含），默认今天'),
    by: Type.Optional(
      Type.Union([Type.Literal('day'), Type.Literal('month')], {
        description: '统计方式：day 按日（最长 366 天）、month 按月（最长 24 个月），默认 day',
      }),
    ),
  },
  strict,
);
export const PrincipalQuery = Type.Object({}, strict);

const TallySchema = Type.Object({ count: Type.Integer(), amount: Yuan });
const MismatchKind = Type.Unsafe<ReconciliationMismatchKind>(
  Type.Union(Object.keys(RECONCILIATION_MISMATCHES).map((kind) => Type.Literal(kind))),
);

export const ReconciliationReportSchema = Type.Object({
  date: Type.String(),
  gatewayChecked: Type.Boolean(),
  gatewayNote: NullableString,
  totals: Type.Object({
    paidOrders: TallySchema,
    refunds: TallySchema,
    ledgerReceipts: TallySchema,
    ledgerRefunds: TallySchema,
    gatewayOrders: Type.Union([TallySchema, Type.Null()]),
    gatewayRefunds: Type.Union([TallySchema, Type.Null()]),
    receiptDifference: Yuan,
    refundDifference: Yuan,
    gatewayOrderDifference: NullableYuan,
    gatewayRefundDifference: NullableYuan,
    net: Yuan,
  }),
  mismatches: Type.Array(
    Type.Object({
      kind: MismatchKind,
      label: Type.String(),
      outTradeNo: NullableString,
      refundNo: NullableString,
      ledgerIds: Type.Array(Type.Integer()),
      loginId: NullableString,
      ours: NullableYuan,
      ledger: NullableYuan,
      gateway: NullableYuan,
      reason: Type.String(),
    }),
  ),
});

const FeeFigures = {
  charged: Yuan,
  discount: Yuan,
  received: Yuan,
  refunded: Yuan,
  net: Yuan,
};
export const FeeIncomeReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  by: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  rows: Type.Array(Type.Object({ period: Type.String(), ...FeeFigures })),
  totals: Type.Object(FeeFigures),
});

const PrincipalFigures = {
  loans: Type.Integer(),
  openLoans: Type.Integer(),
  disbursed: Yuan,
  outstanding: Yuan,
};
export const PrincipalReportSchema = Type.Object({
  asOf: DateTime,
  rows: Type.Array(
    Type.Object({
      bank: Type.String(),
      bankName: Type.String(),
      productCode: Type.String(),
      productName: Type.String(),
      ...PrincipalFigures,
    }),
  ),
  banks: Type.Array(Type.Object({ bank: Type.String(), bankName: Type.String(), ...PrincipalFigures })),
  totals: Type.Object(PrincipalFigures),
});

export type OpsReportChecks = CheckAll<
  SameEach<
    [
      [typeof ReconciliationReportSchema, ReconciliationReport],
      [typeof FeeIncomeReportSchema, FeeIncomeReport],
      [typeof PrincipalReportSchema, PrincipalReport],
    ]
  >
>;
