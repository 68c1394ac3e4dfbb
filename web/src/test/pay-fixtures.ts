import type {
  CouponView,
  FeeItemView,
  FeeListResult,
  PaymentOrderView,
  RefundDetail,
  RefundItem,
} from '@loan/domain';

/** Test data of service fees, coupons, payment orders and refunds. */

export function feeItem(feeId: number, overrides: Partial<FeeItemView> = {}): FeeItemView {
  return {
    feeId,
    loanId: 2001,
    rowId: 301,
    productName: '广发跨境e贷',
    bankName: '广发银行',
    kind: 'INSTALMENT',
    seq: feeId,
    dueDate: '2026-12-15',
    amount: '400.00',
    discount: '0.00',
    paid: '0.00',
    refunded: '0.00',
    waived: '0.00',
    outstanding: '400.00',
    status: 'DUE',
    couponTitle: null,
    paidAt: null,
    ...overrides,
  };
}

export function feePage(items: FeeItemView[], nextCursor: string | null = null): FeeListResult {
  return {
    items,
    nextCursor,
    totals: {
      owed: '2000.00',
      dueSoon: '800.00',
      overdue: '400.00',
      paidThisYear: '1200.00',
      refunded: '50.00',
    },
  };
}

export function coupon(couponId: number, overrides: Partial<CouponView> = {}): CouponView {
  return {
    couponId,
    kind: 'AMOUNT_OFF',
    title: `满减券${couponId}`,
    amountOff: '50.00',
    threshold: '300.00',
    percentOff: null,
    cap: null,
    rule: '满 300.00 元减 50.00 元',
    validFrom: '2026-11-01T00:00:00.000Z',
    validUntil: '2026-12-31T15:59:59.000Z',
    scope: 'ALL',
    scopeValues: [],
    status: 'AVAILABLE',
    expiringSoon: false,
    kindLabel: '满减',
    scopeText: '全部产品可用',
    validityText: '有效期 2026-11-01 至 2026-12-31',
    use: null,
    ...overrides,
  };
}

export function order(outTradeNo: string, overrides: Partial<PaymentOrderView> = {}): PaymentOrderView {
  return {
    outTradeNo,
    purpose: 'FEE',
    loanId: 2001,
    productName: '广发跨境e贷',
    channel: 'ALIPAY',
    channelLabel: '支付宝',
    amount: '350.00',
    discount: '50.00',
    couponId: 7,
    couponTitle: '满减券7',
    status: 'CREATED',
    statusLabel: '待支付',
    closeReason: null,
    items: [
      {
        feeId: 1,
        seq: 1,
        principal: '0.00',
        interest: '0.00',
        penalty: '0.00',
        fee: '400.00',
        discount: '50.00',
      },
    ],
    unapplied: '0.00',
    refunded: '0.00',
    refundable: '0.00',
    createdAt: '2026-11-23T02:00:00.000Z',
    expiresAt: '2026-11-23T02:30:00.000Z',
    paidAt: null,
    closedAt: null,
    ...overrides,
  };
}

export function refundItem(refundNo: string, overrides: Partial<RefundItem> = {}): RefundItem {
  return {
    refundNo,
    outTradeNo: 'PAY20261123100000000001',
    amount: '100.00',
    status: 'SUBMITTED',
    statusLabel: '已提交',
    source: 'BORROWER',
    reason: '重复缴纳',
    reviewReason: null,
    createdAt: '2026-11-23T03:00:00.000Z',
    updatedAt: '2026-11-23T03:00:00.000Z',
    refundedAt: null,
    failureReason: null,
    nextStep: null,
    canCancel: true,
    ...overrides,
  };
}

export function refundDetailOf(refund: RefundItem): RefundDetail {
  return {
    refund,
    payment: {
      outTradeNo: refund.outTradeNo,
      purpose: 'FEE',
      channel: 'ALIPAY',
      amount: '350.00',
      refunded: '0.00',
      refundable: '250.00',
      paidAt: '2026-11-23T02:05:00.000Z',
    },
    evidence: null,
    timeline: [
      {
        at: refund.createdAt,
        fromState: null,
        toState: 'SUBMITTED',
        event: 'CREATE',
        eventLabel: '提交申请',
        actor: 'BORROWER',
        actorLabel: '借款人',
        reason: refund.reason,
      },
    ],
  };
}
