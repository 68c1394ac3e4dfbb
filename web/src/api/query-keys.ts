/** TanStack Query keys, one place. */
export const QUERY_KEYS = {
  clientConfig: ['clientConfig'],
  userAllCheck: ['users', 'toUserAllCheck'],
  userInfo: ['users', 'getUserInfo'],
  applicationList: ['loanMgr', 'applications'],
  applicationDetail: ['loanMgr', 'application'],
  loanContract: ['loanMgr', 'loanContract'],
  feeList: ['service', 'feeList'],
  feeDetail: ['service', 'feeDetail'],
  coupons: ['users', 'coupons'],
  couponOptions: ['users', 'couponOptions'],
  payOrder: ['pay', 'order'],
  paidOrders: ['pay', 'orders'],
  refundList: ['refund', 'list'],
  refundDetail: ['refund', 'detail'],
} as const;
