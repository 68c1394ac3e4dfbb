import type { Permission } from './permissions.ts';

/**
 * The operator console's calls, under the API base (`/api/ops/…`): a prefix of their own, a header of their own
 * (`opsToken`), and sessions of their own. A borrower's token means nothing here, nor an operator's on the
 * borrower's calls.
 */
export const OPS_API = {
  login: '/ops/auth/login',
  verifyTotp: '/ops/auth/verifyTotp',
  recoveryLogin: '/ops/auth/recoveryLogin',
  enrolStart: '/ops/auth/enrolStart',
  enrolConfirm: '/ops/auth/enrolConfirm',
  changePassword: '/ops/auth/changePassword',
  logout: '/ops/auth/logout',
  me: '/ops/me',
  operators: '/ops/operators',
  operatorCreate: '/ops/operators/create',
  operatorSetRoles: '/ops/operators/setRoles',
  operatorSetDisabled: '/ops/operators/setDisabled',
  operatorResetTotp: '/ops/operators/resetTotp',
  operatorResendInvitation: '/ops/operators/resendInvitation',
  sessions: '/ops/sessions',
  sessionEnd: '/ops/sessions/end',
  roles: '/ops/roles',
  auditSearch: '/ops/audit/search',
  auditExport: '/ops/audit/export',
  borrowerSearch: '/ops/borrowers/search',
  borrowerDetail: '/ops/borrowers/detail',
  borrowerActivity: '/ops/borrowers/activity',
  borrowerReveal: '/ops/borrowers/reveal',
  borrowerUnlock: '/ops/borrowers/unlock',
  borrowerDisable: '/ops/borrowers/disable',
  borrowerEnable: '/ops/borrowers/enable',
  queueUnapplied: '/ops/queues/unapplied',
  queueDiverted: '/ops/queues/diverted',
  queueWaiting: '/ops/queues/waiting',
  queueAccess: '/ops/queues/access',
  couponIssue: '/ops/coupons/issue',
  couponTemplates: '/ops/coupons/templates',
  couponTemplateOptions: '/ops/coupons/templateOptions',
  couponTemplateCreate: '/ops/coupons/templates/create',
  couponTemplateUpdate: '/ops/coupons/templates/update',
  couponTemplateSetActive: '/ops/coupons/templates/setActive',
  couponIssueTemplate: '/ops/coupons/issueTemplate',
  borrowerCoupons: '/ops/coupons/ofBorrower',
  couponRevoke: '/ops/coupons/revoke',
  systemStatus: '/ops/system/status',
  partnerCalls: '/ops/partner-calls',
  partnerCallRetry: '/ops/partner-calls/retry',
  refundQueue: '/ops/refunds/queue',
  refundDecide: '/ops/refunds/decide',
  refundFailures: '/ops/refunds/failed',
  refundFailureDecide: '/ops/refunds/failedDecide',
  borrowerWaivable: '/ops/waivers/ofBorrower',
  waiverRequest: '/ops/waivers/request',
  inbox: '/ops/requests/inbox',
  myRequests: '/ops/requests/mine',
  confirmRequest: '/ops/requests/confirm',
  declineRequest: '/ops/requests/decline',
  withdrawRequest: '/ops/requests/withdraw',
  reportReconciliation: '/ops/reports/reconciliation',
  reportReconciliationExport: '/ops/reports/reconciliation/export',
  reportFeeIncome: '/ops/reports/fee-income',
  reportFeeIncomeExport: '/ops/reports/fee-income/export',
  reportPrincipal: '/ops/reports/principal',
  reportPrincipalExport: '/ops/reports/principal/export',
  collectionWorklist: '/ops/collections/worklist',
  collectionSummary: '/ops/collections/summary',
  collectionAssignees: '/ops/collections/assignees',
  collectionCase: '/ops/collections/case',
  collectionNote: '/ops/collections/note',
  collectionContact: '/ops/collections/contact',
  collectionPromise: '/ops/collections/promise',
  collectionHardship: '/ops/collections/hardship',
  collectionHardshipDecide: '/ops/collections/hardship/decide',
  collectionAssign: '/ops/collections/assign',
  collectionNextAction: '/ops/collections/nextAction',
} as const;

export const OPS_PREFIX = '/ops/';

/** Header that carries an operator's session token. */
export const OPS_TOKEN_HEADER = 'opsToken';

/** An operator's console session ends after this long without a call. */
export const OPS_IDLE_MINUTES = 15;

/** An invitation's one-time password works this long; an administrator can send a new one. */
export const OPS_INVITATION_HOURS = 72;

export interface OpsLoginRequest {
  loginId: string;
  password: string;
}

/** The password was right: the second step, with a challenge that lives 5 minutes. */
export interface OpsLoginResult {
  /**
   * TOTP: enter the authenticator's code (or a recovery code); ENROL: bind an authenticator first;
   * CHANGE_PASSWORD: the password was given by someone else (an invitation, create-admin): set one's own first
   */
  next: 'TOTP' | 'ENROL' | 'CHANGE_PASSWORD';
  challenge: string;
}

export interface OpsEnrolment {
  /** base32, for typing into an authenticator by hand */
  secret: string;
  otpauthUrl: string;
  /** the same URL as a QR code (PNG data URL) */
  qrDataUrl: string;
}

export interface OpsRoleSummary {
  code: string;
  name: string;
}

export interface OpsOperator {
  loginId: string;
  name: string;
  roles: OpsRoleSummary[];
  permissions: Permission[];
}

export interface OpsSignedIn {
  opsToken: string;
  operator: OpsOperator;
  /** shown once, after enrolment: each signs in once in place of a code */
  recoveryCodes: string[] | null;
}
