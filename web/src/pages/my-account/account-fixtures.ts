import type { AccountOverview, OwedInstalment, SecurityView } from '@loan/domain';

/** What GET /account/overview and /account/security answer in the page's tests. */

export const instalment = (
  loanId: number,
  seq: number,
  overrides: Partial<OwedInstalment> = {},
): OwedInstalment => ({
  loanId,
  rowId: loanId + 100,
  productName: '店铺经营贷',
  bankName: '富友银行',
  seq,
  dueDate: '2026-12-01',
  amount: '3551.49',
  penalty: '0.00',
  overdueDays: 0,
  ...overrides,
});

export function overview(
  overrides: Partial<AccountOverview['owed']> = {},
  profile: Partial<AccountOverview['profile']> = {},
): AccountOverview {
  return {
    owed: {
      nextDueDate: '2026-12-01',
      nextDueAmount: '4551.49',
      nextDueItems: [
        instalment(2001, 2),
        instalment(2002, 1, { amount: '1000.00', productName: '跨境贷', rowId: null }),
      ],
      outstandingPrincipal: '123456.78',
      overdueAmount: '3523.83',
      overduePenalty: '23.83',
      overdueDays: 22,
      overdueItems: [
        instalment(2001, 1, { dueDate: '2026-11-01', amount: '3523.83', penalty: '23.83', overdueDays: 22 }),
      ],
      feesDue: '400.00',
      feesDueCount: 2,
      loansOutstanding: 2,
      ...overrides,
    },
    profile: {
      loginId: 'demo',
      userNameCn: '张三',
      phoneMasked: '138****8000',
      emailMasked: 'd***@example.com',
      companyName: '深圳市示例科技有限公司',
      certificationLabel: '已认证',
      storeStatus: '03',
      storeStatusLabel: '已授权',
      storeExpiresAt: '2027-06-30T16:00:00.000Z',
      receiving: {
        state: 'OPEN',
        label: '已开立',
        bankName: '富友银行',
        accountNoMasked: '6222 **** **** 1234',
        payout: 'POINTED',
        payoutLabel: '已指向',
      },
      ...profile,
    },
    couponsCount: 3,
  };
}

export const NOTHING_OWED: Partial<AccountOverview['owed']> = {
  nextDueDate: null,
  nextDueAmount: '0.00',
  nextDueItems: [],
  outstandingPrincipal: '0.00',
  overdueAmount: '0.00',
  overduePenalty: '0.00',
  overdueDays: 0,
  overdueItems: [],
  feesDue: '0.00',
  feesDueCount: 0,
  loansOutstanding: 0,
};

export function security(overrides: Partial<SecurityView> = {}): SecurityView {
  return {
    pwdTime: '2026-10-01T02:00:00.000Z',
    pwdAgeDays: 53,
    pwdNudge: false,
    signIns: [
      {
        at: '2026-11-23T01:02:03.000Z',
        ip: '10.0.0.8',
        device: 'Chrome · Windows',
        method: 'PASSWORD',
        methodLabel: '密码登录',
        current: false,
      },
      {
        at: '2026-11-22T01:02:03.000Z',
        ip: null,
        device: 'Safari · iOS',
        method: 'SMS',
        methodLabel: '短信验证码登录',
        current: true,
      },
      {
        at: '2026-11-21T01:02:03.000Z',
        ip: '10.0.0.9',
        device: 'Edge · Windows',
        method: 'PARTNER_LINK',
        methodLabel: '合作方链接登录',
        current: false,
      },
    ],
    otherSessions: 2,
    ...overrides,
  };
}
