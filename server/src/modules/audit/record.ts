import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** What the audit log records (docs/PRODUCT.md §10: who, when, from where). */
export const AUDIT = {
  loginSuccess: 'login.success',
  loginFailure: 'login.failure',
  locked: 'login.locked',
  lockedRefused: 'login.refused_locked',
  logout: 'logout',
  passwordChange: 'password.change',
  passwordReset: 'password.reset',
  passwordResetByOperator: 'password.reset_by_operator',
  unlockByOperator: 'login.unlock_by_operator',
  directLogin: 'login.direct',
  smsLogin: 'login.sms',
  codeSent: 'code.sent',
  userCreated: 'user.created',
  storeAuthorised: 'store.authorised',
  storeAuthoriseRefused: 'store.authorise_refused',
  agreementAccepted: 'agreement.accepted',
  documentUploaded: 'document.uploaded',
  certificationSaved: 'certification.saved',
  applicationCreated: 'application.created',
  applicationSubmitted: 'application.submitted',
  applicationStepCompleted: 'application.step_completed',
  applicationCancelled: 'application.cancelled',
  contractSigned: 'application.contract_signed',
  applicationExpired: 'application.expired',
  applicationReconciled: 'application.reconciled',
  bankDecisionRefused: 'bank.decision_refused',
  loanEarlySettleRequested: 'loan.early_settle_requested',
  loanEarlySettled: 'loan.early_settled',
  loanEarlySettleBankRefused: 'loan.early_settle_bank_refused',
  loanEarlySettleRefused: 'loan.early_settle_refused',
  paymentNotifyRefused: 'payment.notify_refused',
  subAccountRequested: 'receiving.sub_account_requested',
  subAccountAnswered: 'receiving.sub_account_answered',
  settlementSubmitted: 'receiving.settlement_submitted',
  settlementEntered: 'receiving.settlement_entered',
  paidMethodChanged: 'receiving.paid_method_changed',
  payoutDiverted: 'receiving.payout_diverted',
  disbursementHeld: 'application.disbursement_held',
  disbursementReleased: 'application.disbursement_released',
  signOutOthers: 'session.sign_out_others',
  contactChanged: 'account.contact_changed',
  opsLoginPassword: 'ops.login.password_ok',
  opsLoginFailure: 'ops.login.failure',
  opsLocked: 'ops.login.locked',
  opsLoginSuccess: 'ops.login.success',
  opsSecondFactorFailure: 'ops.login.second_factor_failure',
  opsRecoveryCodeUsed: 'ops.login.recovery_code_used',
  opsTotpEnrolled: 'ops.totp.enrolled',
  opsPasswordChanged: 'ops.password.changed',
  opsInvitationSent: 'ops.operator.invitation_sent',
  opsLogout: 'ops.logout',
  opsOperatorCreated: 'ops.operator.created',
  opsRolesChanged: 'ops.operator.roles_changed',
  opsRoleScopeChanged: 'ops.role.scope_changed',
  opsOperatorDisabled: 'ops.operator.disabled',
  opsOperatorEnabled: 'ops.operator.enabled',
  opsTotpReset: 'ops.operator.totp_reset',
  opsSessionEnded: 'ops.session.ended',
  opsRequestMade: 'ops.request.made',
  opsRequestConfirmed: 'ops.request.confirmed',
  opsRequestDeclined: 'ops.request.declined',
  opsRequestWithdrawn: 'ops.request.withdrawn',
  opsAuditExported: 'ops.audit.exported',
  opsReportExported: 'ops.report.exported',
  opsPiiRevealed: 'ops.borrower.pii_revealed',
  opsBorrowerDisabled: 'ops.borrower.disabled',
  opsBorrowerEnabled: 'ops.borrower.enabled',
  opsPartnerCallRetried: 'ops.partner_call.retried',
  opsCommandRun: 'ops.command.run',
  opsWaiverApplied: 'ops.waiver.applied',
  opsCouponIssued: 'ops.coupon.issued',
  opsCouponRevoked: 'ops.coupon.revoked',
  opsCouponTemplateCreated: 'ops.coupon_template.created',
  opsCouponTemplateUpdated: 'ops.coupon_template.updated',
  opsCouponTemplateActivated: 'ops.coupon_template.activated',
  opsCouponTemplateDeactivated: 'ops.coupon_template.deactivated',
  couponIssuedByRule: 'coupon.issued_by_rule',
  opsCollectionNote: 'ops.collection.note',
  opsCollectionContact: 'ops.collection.contact',
  opsCollectionPromise: 'ops.collection.promise',
  opsCollectionHardship: 'ops.collection.hardship',
  opsCollectionHardshipDecided: 'ops.collection.hardship_decided',
  opsCollectionAssigned: 'ops.collection.assigned',
  opsCollectionNextAction: 'ops.collection.next_action',
  collectionPromiseKept: 'collection.promise_kept',
  collectionPromiseBroken: 'collection.promise_broken',
} as const;

export type AuditAction = (typeof AUDIT)[keyof typeof AUDIT];

export interface AuditEntry {
  action: AuditAction;
  at: Date;
  userId?: number | null;
  loginId?: string | null;
  /** the operator who acted (the console, or a command run `--as` them) */
  operatorId?: number | null;
  meta?: RequestMeta | null;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    createdAt: entry.at,
    userId: entry.userId ?? null,
    loginId: entry.loginId ?? null,
    operatorId: entry.operatorId ?? null,
    ip: entry.meta?.ip ?? null,
    detail: entry.detail ?? (entry.meta?.userAgent ? { userAgent: entry.meta.userAgent } : null),
  });
}

/** The audit row of something a signed-in borrower did through this request. */
export function recordUserAudit(
  db: Database,
  user: { id: number; loginId: string },
  meta: RequestMeta | null,
  action: AuditAction,
  at: Date,
  detail?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { action, at, userId: user.id, loginId: user.loginId, meta, detail });
}

/** The audit row of something an operator did (or was refused); `loginId` is the operator's. */
export function recordOperatorAudit(
  db: Database,
  operator: { id: number; loginId: string },
  meta: RequestMeta | null,
  action: AuditAction,
  at: Date,
  detail?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { action, at, operatorId: operator.id, loginId: operator.loginId, meta, detail });
}
