/**
 * API paths under the API base (`/api` by default). docs/PRODUCT.md §7 paths are kept exactly;
 * new calls follow the same style.
 */
export const API_BASE_DEFAULT = '/api';

export const API = {
  // docs/PRODUCT.md §7
  userLogin: '/application_vue/userLogin',
  getUserInfo: '/users/getUserInfo',
  toUserAllCheck: '/users/toUserAllCheck',
  userReadAgr: '/users/userReadAgr',
  modifyPwd: '/users/modifyPwd',
  findPwd: '/application_vue/findPwd',
  insertLoanCertification: '/users/insertLoanCertification',
  userLogout: '/users/userLogout',
  mwsTokenCheck: '/seller/mwsTokenCheck',
  againMwsToken: '/seller/againMwsToken',
  advanceCancel: '/loanMgr/advanceCancel',
  // added for the flows of docs/PRODUCT.md §1
  sendFindPwdCode: '/application_vue/sendFindPwdCode',
  directLogin: '/application_vue/directLogin',
  sendLoginSms: '/application_vue/sendLoginSms',
  smsLogin: '/application_vue/smsLogin',
  clientConfig: '/application_vue/clientConfig',
  devOutbox: '/dev/outbox',
  health: '/health',
  healthReady: '/health/ready',
  // applying: products, store, agreements, certification, applications, bank callbacks
  productList: '/products/list',
  agreementText: '/users/agreement',
  agreementStatus: '/users/agreementStatus',
  uploadDocument: '/users/uploadDocument',
  loanCertification: '/users/loanCertification',
  bindBankCard: '/users/bindBankCard',
  updateCertificationDocuments: '/users/updateCertificationDocuments',
  createApplication: '/loanMgr/createApplication',
  applicationDetail: '/loanMgr/application',
  applicationList: '/loanMgr/applications',
  submitApplication: '/loanMgr/submitApplication',
  completeStep: '/loanMgr/completeStep',
  signContract: '/loanMgr/signContract',
  loanContract: '/loanMgr/loanContract',
  loanContractPdf: '/loanMgr/loanContractPdf',
  loanContractPreviewPdf: '/loanMgr/loanContractPreviewPdf',
  // after the decision: loans, settlement, ledger
  loanRecords: '/loanMgr/loanRecords',
  loanRecordDetail: '/loanMgr/loanRecordDetail',
  settlementQuote: '/loanMgr/settlementQuote',
  earlySettle: '/loanMgr/earlySettle',
  settlementCertificatePdf: '/loanMgr/settlementCertificatePdf',
  tradingRecord: '/trading/tradingRecord',
  tradingExport: '/trading/export',
  /** POST /callbacks/bank/{bankCode}: signed partner-bank callbacks (no session) */
  bankCallback: '/callbacks/bank',
  // service fees and coupons
  feeList: '/service/feeList',
  feeDetail: '/service/feeDetail',
  coupons: '/users/coupons',
  couponOptions: '/users/couponOptions',
  // payments: fee orders, repay now, the sandbox cashier, receipts, the gateway's signed notifies
  payCreateOrder: '/pay/createOrder',
  payRepayNow: '/pay/repayNow',
  payOrder: '/pay/order',
  payCloseOrder: '/pay/closeOrder',
  paySandboxCashier: '/pay/sandboxCashier',
  payOrders: '/pay/orders',
  payReceipt: '/pay/receipt',
  /** GET, no session: the masked key facts of a document the portal issued, given its number and code */
  verifyDocument: '/docs/verify',
  paymentNotify: '/callbacks/payment',
  refundNotify: '/callbacks/payment/refund',
  // refunds: apply, cancel before the review, list, detail with its timeline
  refundApply: '/refund/apply',
  refundCancel: '/refund/cancel',
  refundList: '/refund/list',
  refundDetail: '/refund/detail',
  // the receiving account: sub-account, settlement account, payouts, repayment method, lock
  receivingAccount: '/lock/account',
  openSubAccount: '/lock/openSubAccount',
  settlementAccount: '/lock/settlementAccount',
  verifySettlement: '/lock/verifySettlement',
  recheckPayout: '/lock/recheckPayout',
  paidMethod: '/lock/paidMethod',
  /** POST /callbacks/bank/{bankCode}/account: signed answers to sub-account openings (no session) */
  subAccountCallbackSuffix: '/account',
  // My account: what I owe, profile, security, contacts
  accountOverview: '/account/overview',
  accountSecurity: '/account/security',
  signOutOthers: '/account/signOutOthers',
  sendContactCode: '/account/sendContactCode',
  changeContact: '/account/changeContact',
  // 月度对账单: the list and one statement's PDF
  statementList: '/account/statements',
  statementPdf: '/account/statementPdf',
  // the message centre: notices, read marks, the borrower's choice of channels
  noticeList: '/notices/list',
  noticeUnreadCount: '/notices/unreadCount',
  noticeRead: '/notices/read',
  noticeReadAll: '/notices/readAll',
  /** GET the choices, POST one category's */
  noticePreferences: '/notices/preferences',
} as const;

/** Header that carries the session token on every request (docs/PRODUCT.md §7). */
export const ACCESS_TOKEN_HEADER = 'accessToken';

/** docs/PRODUCT.md §9 client time-outs, in milliseconds. */
export const TIMEOUTS = {
  default: 8000,
  login: 20000,
  advanceCancel: 30000,
} as const;
