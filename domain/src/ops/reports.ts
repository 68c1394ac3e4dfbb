/**
 * The console's reports (报表), as the API carries them: money in yuan with two places (fen on the server),
 * dates "YYYY-MM-DD" and months "YYYY-MM" in Shanghai. The periods and their limits: report-range.ts.
 */

/** The reports, by the name an export's audit entry records. */
export const REPORT_NAMES = {
  reconciliation: '每日对账',
  'fee-income': '服务费收入',
  principal: '本金余额',
} as const;
export type ReportName = keyof typeof REPORT_NAMES;

export function isReportName(value: string): value is ReportName {
  return Object.hasOwn(REPORT_NAMES, value);
}

/** How many, and how much. */
export interface Tally {
  count: number;
  amount: string;
}

/**
 * What can fail to match in a day's reconciliation, each with its Chinese label; the mismatch's `reason` says the
 * case with its figures.
 */
export const RECONCILIATION_MISMATCHES = {
  ORDER_WITHOUT_LEDGER: '已支付订单无账本收款',
  LEDGER_WITHOUT_ORDER: '账本收款无对应的已支付订单',
  ORDER_AMOUNT_DIFFERS: '订单与账本金额不一致',
  LEDGER_DUPLICATE: '同一订单重复记账',
  REFUND_WITHOUT_LEDGER: '退款成功但账本未冲回',
  LEDGER_REFUND_WITHOUT_REFUND: '账本退款无对应的成功退款',
  REFUND_AMOUNT_DIFFERS: '退款与账本金额不一致',
  GATEWAY_ORDER_MISSING: '支付网关无此笔收款',
  GATEWAY_ORDER_UNRECORDED: '支付网关已收款但我方未记已支付',
  GATEWAY_ORDER_AMOUNT_DIFFERS: '支付网关收款金额不一致',
  GATEWAY_REFUND_MISSING: '支付网关无此笔退款',
  GATEWAY_REFUND_UNRECORDED: '支付网关已退款但我方未记退款成功',
  GATEWAY_REFUND_AMOUNT_DIFFERS: '支付网关退款金额不一致',
} as const;
export type ReconciliationMismatchKind = keyof typeof RECONCILIATION_MISMATCHES;

export interface ReconciliationMismatch {
  kind: ReconciliationMismatchKind;
  label: string;
  outTradeNo: string | null;
  refundNo: string | null;
  /** the ledger lines concerned */
  ledgerIds: number[];
  /** the borrower's login id, when known */
  loginId: string | null;
  /** our order's or refund's amount; the ledger's; the gateway's (null: none there) */
  ours: string | null;
  ledger: string | null;
  gateway: string | null;
  /** what does not match, in Chinese, with the figures */
  reason: string;
}

export interface ReconciliationTotals {
  /** our payment orders paid that day (cash above zero) */
  paidOrders: Tally;
  /** our refunds the gateway made that day */
  refunds: Tally;
  /** ledger lines of that day naming a payment order */
  ledgerReceipts: Tally;
  /** REFUND ledger lines of that day naming a refund */
  ledgerRefunds: Tally;
  /** the gateway's statement of that day (null: not checked) */
  gatewayOrders: Tally | null;
  gatewayRefunds: Tally | null;
  /** paid orders − ledger receipts */
  receiptDifference: string;
  /** refunds − ledger refunds */
  refundDifference: string;
  /** the gateway's receipts − our paid orders; its refunds − ours (null: not checked) */
  gatewayOrderDifference: string | null;
  gatewayRefundDifference: string | null;
  /** paid orders − refunds: the day's net cash through the gateway */
  net: string;
}

/** GET /ops/reports/reconciliation?date=YYYY-MM-DD (default: yesterday in Shanghai). */
export interface ReconciliationReport {
  date: string;
  /** whether the gateway's own statement was set against ours */
  gatewayChecked: boolean;
  /** why it was not (the gateway gives none, or did not answer) */
  gatewayNote: string | null;
  totals: ReconciliationTotals;
  mismatches: ReconciliationMismatch[];
}

/** The names of the reconciliation's totals, for the page and the workbook. */
export const RECONCILIATION_TOTAL_LABELS = {
  paidOrders: '已支付订单',
  refunds: '退款成功',
  ledgerReceipts: '账本收款',
  ledgerRefunds: '账本退款冲回',
  gatewayOrders: '支付网关收款',
  gatewayRefunds: '支付网关退款',
  receiptDifference: '收款差额（订单 − 账本）',
  refundDifference: '退款差额（退款 − 账本）',
  gatewayOrderDifference: '网关收款差额（网关 − 订单）',
  gatewayRefundDifference: '网关退款差额（网关 − 退款）',
  net: '当日净收款（收款 − 退款）',
} as const satisfies Record<keyof ReconciliationTotals, string>;

export type FeeIncomeBy = 'day' | 'month';

/** One period's service fees, in yuan. */
export interface FeeIncomeFigures {
  /** fees settled in the period: cash and coupons */
  charged: string;
  /** of which coupons paid */
  discount: string;
  /** of which cash came in */
  received: string;
  /** fee cash given back */
  refunded: string;
  /** received − refunded */
  net: string;
}

export interface FeeIncomeRow extends FeeIncomeFigures {
  /** "YYYY-MM-DD" or "YYYY-MM" */
  period: string;
}

/** GET /ops/reports/fee-income?from=&to=&by=day|month: every period of the range, oldest first. */
export interface FeeIncomeReport {
  from: string;
  to: string;
  by: FeeIncomeBy;
  rows: FeeIncomeRow[];
  totals: FeeIncomeFigures;
}

export const FEE_INCOME_LABELS = {
  charged: '服务费（现金＋优惠券）',
  discount: '优惠券抵扣',
  received: '实收服务费',
  refunded: '服务费退款',
  net: '服务费净收入',
} as const satisfies Record<keyof FeeIncomeFigures, string>;

export interface PrincipalFigures {
  /** loans disbursed, and of them not settled */
  loans: number;
  openLoans: number;
  disbursed: string;
  outstanding: string;
}

export interface PrincipalRow extends PrincipalFigures {
  bank: string;
  bankName: string;
  productCode: string;
  productName: string;
}

export interface PrincipalBankRow extends PrincipalFigures {
  bank: string;
  bankName: string;
}

/** GET /ops/reports/principal: by partner bank and product as of `asOf`, with each bank's and the whole total. */
export interface PrincipalReport {
  asOf: string;
  rows: PrincipalRow[];
  banks: PrincipalBankRow[];
  totals: PrincipalFigures;
}

export const PRINCIPAL_LABELS = {
  loans: '放款笔数',
  openLoans: '未结清笔数',
  disbursed: '累计放款本金',
  outstanding: '未还本金',
} as const satisfies Record<keyof PrincipalFigures, string>;
