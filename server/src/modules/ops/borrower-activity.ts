import { shanghaiDate } from '@loan/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { applicationEvents, applications, auditLog, feeItems, instalments, loans } from '../../db/schema.ts';
import { timelineEntry } from '../applications/views.ts';
import { AUDIT } from '../audit/record.ts';
import { feeItemRows } from '../fees/list.ts';
import { feeItemView } from '../fees/views.ts';
import { instalmentView } from '../loans/views.ts';
import { paidOrders } from '../payments/views.ts';
import { subAccountsOf, subAccountView } from '../receiving-account/accounts.ts';
import { borrowerByLogin } from './borrower-profile.ts';
import type { ScopedOperator } from './data-scope.ts';

/** The sign-in acts a borrower's 360 lists (the newest 20). */
const SIGN_IN_ACTIONS = [
  AUDIT.loginSuccess,
  AUDIT.loginFailure,
  AUDIT.locked,
  AUDIT.smsLogin,
  AUDIT.directLogin,
  AUDIT.unlockByOperator,
];

/**
 * The money and history half of a borrower's 360 (the profile half: borrower-profile.ts), each read by the same
 * view the borrower's own pages use, so the console and the borrower see one number: every application's
 * timeline, every loan's schedule, the fee items, the payments received, the receiving accounts (numbers
 * masked), and the latest sign-ins.
 */
export async function borrowerActivity(ctx: AppContext, operator: ScopedOperator, loginId: string) {
  const user = await borrowerByLogin(ctx, operator, loginId);
  const today = shanghaiDate(ctx.now());
  const apps = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, user.id));
  const events = apps.length
    ? await ctx.db
        .select()
        .from(applicationEvents)
        .where(
          inArray(
            applicationEvents.applicationId,
            apps.map((a) => a.id),
          ),
        )
        .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.id))
    : [];
  const loanRows = await ctx.db
    .select({ id: loans.id, applicationId: loans.applicationId })
    .from(loans)
    .where(eq(loans.userId, user.id))
    .orderBy(asc(loans.id));
  const schedule = loanRows.length
    ? await ctx.db
        .select()
        .from(instalments)
        .where(
          inArray(
            instalments.loanId,
            loanRows.map((l) => l.id),
          ),
        )
        .orderBy(asc(instalments.loanId), asc(instalments.seq))
    : [];
  const fees = await feeItemRows(ctx, [eq(feeItems.userId, user.id)], 500);
  const signIns = await ctx.db
    .select({ at: auditLog.createdAt, action: auditLog.action, ip: auditLog.ip, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.userId, user.id), inArray(auditLog.action, SIGN_IN_ACTIONS)))
    .orderBy(desc(auditLog.id))
    .limit(20);
  return {
    timelines: apps.map((a) => ({
      rowId: a.id,
      events: events.filter((e) => e.applicationId === a.id).map(timelineEntry),
    })),
    schedules: loanRows.map((loan) => ({
      loanId: loan.id,
      rowId: loan.applicationId,
      instalments: schedule.filter((i) => i.loanId === loan.id).map(instalmentView),
    })),
    feeItems: fees.map((row) => feeItemView(row, today)),
    payments: await paidOrders(ctx.db, user.id),
    receivingAccounts: (await subAccountsOf(ctx.db, user.id)).map((row) => subAccountView(row)),
    signIns: signIns.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      ip: row.ip,
      userAgent: typeof row.detail?.userAgent === 'string' ? row.detail.userAgent : null,
    })),
  };
}
