import {
  APPLICATION_STATE_DISPLAY,
  auditLabel,
  auditSummary,
  fenToYuan,
  LOAN_RECORD_STATUS_DISPLAY,
  loanStatusText,
  maskEmail,
  maskIdNumber,
  maskName,
  maskPhone,
  PARTNER_BANKS,
  REFUND_STATE_DISPLAY,
  RSP,
  STORE_AUTH_STATUS_INFO,
  shanghaiDate,
} from '@loan/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import {
  applications,
  auditLog,
  coupons,
  loanCertifications,
  loans,
  refundApplications,
  sellerStores,
  type UserRow,
  users,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { clearFailures, normalizeLoginId } from '../auth/lockout.ts';
import { contactsOf } from '../contacts/contacts.ts';
import { overdueStandings } from '../loans/overdue-standing.ts';
import { lockedLoginIds } from './borrower-search.ts';
import { assertBorrowerInScope, borrowerNotFound, type ScopedOperator } from './data-scope.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'now'> & Partial<Pick<AppContext, 'log'>>;

/** The borrower of a login id, if in the operator's data scope: 2313 alike for one unknown and one out of scope. */
export async function borrowerByLogin(
  ctx: Pick<AppContext, 'db'>,
  operator: ScopedOperator,
  loginId: string,
): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.loginId, normalizeLoginId(loginId)))
    .limit(1);
  if (!user) throw borrowerNotFound();
  await assertBorrowerInScope(ctx.db, operator, user.id);
  return user;
}

const bankName = (bank: string) => PARTNER_BANKS[bank as keyof typeof PARTNER_BANKS]?.name ?? bank;

/**
 * One borrower on one page (borrower 360): profile and certification masked, store, applications, loans, refunds,
 * usable coupons, sign-in locks and the latest audit entries about them.
 */
export async function borrowerProfile(ctx: Ctx, operator: ScopedOperator, loginId: string) {
  const user = await borrowerByLogin(ctx, operator, loginId);
  const contacts = contactsOf(ctx, user);
  const now = ctx.now();
  const [certification] = await ctx.db
    .select()
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, user.id));
  const [store] = await ctx.db.select().from(sellerStores).where(eq(sellerStores.userId, user.id));
  const appRows = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, user.id))
    .orderBy(desc(applications.id))
    .limit(50);
  const loanRows = await ctx.db
    .select()
    .from(loans)
    .where(eq(loans.userId, user.id))
    .orderBy(desc(loans.id))
    .limit(50);
  const standings = await overdueStandings(
    ctx.db,
    loanRows.map((row) => row.id),
    shanghaiDate(now),
  );
  const refundRows = await ctx.db
    .select()
    .from(refundApplications)
    .where(eq(refundApplications.userId, user.id))
    .orderBy(desc(refundApplications.id))
    .limit(50);
  const [{ usable } = { usable: 0 }] = await ctx.db
    .select({ usable: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.userId, user.id), eq(coupons.state, 'AVAILABLE'), gt(coupons.validUntil, now)));
  const trail = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.userId, user.id))
    .orderBy(desc(auditLog.id))
    .limit(30);
  const locked = await lockedLoginIds(ctx.db, [user.loginId], now);
  const open = (name: 'legalName' | 'idNumber' | 'legalPhone', sealed: string) =>
    openOrNull(ctx, name, user.id, sealed);
  return {
    loginId: user.loginId,
    name: maskName(user.userNameCn),
    phone: contacts.phone ? maskPhone(contacts.phone) : null,
    email: contacts.email ? maskEmail(contacts.email) : null,
    disabled: user.disabled,
    locked: locked.has(user.loginId),
    passwordChanged: user.uptPwdTime !== null,
    createdAt: user.createdAt.toISOString(),
    certification: certification
      ? {
          companyName: certification.companyName,
          uscc: certification.uscc,
          legalName: maskName(open('legalName', certification.legalNameEnc) ?? ''),
          idNumber: maskIdNumber(open('idNumber', certification.idNumberEnc) ?? ''),
          legalPhone: maskPhone(open('legalPhone', certification.legalPhoneEnc) ?? ''),
        }
      : null,
    store: store
      ? {
          sellerId: store.sellerId,
          sellerName: store.sellerName,
          status: STORE_AUTH_STATUS_INFO[store.status].label,
        }
      : null,
    applications: appRows.map((row) => ({
      rowId: row.id,
      bankName: bankName(row.bank),
      productCode: row.productCode,
      state: APPLICATION_STATE_DISPLAY[row.state].label,
      amount: row.amountFen === null ? null : fenToYuan(row.amountFen),
      createdAt: row.createdAt.toISOString(),
    })),
    loans: loanRows.map((row) => ({
      loanId: row.id,
      bankName: bankName(row.bank),
      productCode: row.productCode,
      principal: fenToYuan(row.principalFen),
      outstandingPrincipal: fenToYuan(row.outstandingPrincipalFen),
      status: loanStatusText(
        LOAN_RECORD_STATUS_DISPLAY[row.status].label,
        standings.get(row.id)?.bucket ?? null,
      ),
      disbursedAt: row.disbursedAt.toISOString(),
    })),
    refunds: refundRows.map((row) => ({
      refundNo: row.refundNo,
      amount: fenToYuan(row.amountFen),
      status: REFUND_STATE_DISPLAY[row.status].label,
      createdAt: row.createdAt.toISOString(),
    })),
    usableCoupons: usable,
    audit: trail.map((row) => ({
      at: row.createdAt.toISOString(),
      action: auditLabel(row.action),
      summary: auditSummary(row.detail ?? null),
      ip: row.ip,
    })),
  };
}

export const REVEALABLE = ['phone', 'email', 'legalName', 'idNumber', 'legalPhone'] as const;
export type Revealable = (typeof REVEALABLE)[number];

/** 查看完整信息: one field in the clear, for a stated reason, in the audit trail under the operator. */
export async function revealBorrowerField(
  ctx: Ctx,
  operator: SignedInOperator,
  input: { loginId: string; field: Revealable; reason: string },
  meta: RequestMeta,
): Promise<{ value: string | null }> {
  const reason = input.reason.trim();
  if (reason.length < 2) throw new ApiError(RSP.INVALID_INPUT, '请说明查看完整信息的原因（至少 2 个字）');
  const user = await borrowerByLogin(ctx, operator, input.loginId);
  let value: string | null = null;
  if (input.field === 'phone' || input.field === 'email') {
    const contacts = contactsOf(ctx, user);
    value = (input.field === 'phone' ? contacts.phone : contacts.email) || null;
  } else {
    const [certification] = await ctx.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, user.id));
    if (certification) {
      const sealed = {
        legalName: certification.legalNameEnc,
        idNumber: certification.idNumberEnc,
        legalPhone: certification.legalPhoneEnc,
      }[input.field];
      value = openOrNull(ctx, input.field, user.id, sealed);
    }
  }
  await recordAudit(ctx.db, {
    action: AUDIT.opsPiiRevealed,
    at: ctx.now(),
    operatorId: operator.id,
    loginId: operator.loginId,
    userId: user.id,
    meta,
    detail: { subject: `borrower:${user.loginId}`, borrower: user.loginId, field: input.field, reason },
  });
  return { value };
}

/** 解除锁定: every sign-in lock of the borrower's login id (all addresses, the slow-down, change-password). */
export async function unlockBorrower(
  ctx: Ctx,
  operator: SignedInOperator,
  loginId: string,
  meta: RequestMeta,
): Promise<{ removed: number }> {
  const user = await borrowerByLogin(ctx, operator, loginId);
  const removed = await clearFailures(ctx.db, user.loginId);
  await recordAudit(ctx.db, {
    action: AUDIT.unlockByOperator,
    at: ctx.now(),
    operatorId: operator.id,
    loginId: operator.loginId,
    userId: user.id,
    meta,
    detail: {
      subject: `borrower:${user.loginId}`,
      borrower: user.loginId,
      removed,
      ...(removed > 0 ? { changes: { locked: { before: true, after: false } } } : {}),
    },
  });
  return { removed };
}
