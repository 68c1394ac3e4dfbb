import { APPLICATION_STATE_DISPLAY, fenToYuan, PARTNER_BANKS, REFUND_STATE_DISPLAY } from '@loan/domain';
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  applications,
  loginFailures,
  paymentOrders,
  receivingSettings,
  refundApplications,
  users,
} from '../../db/schema.ts';
import { borrowerOfLockKey } from '../auth/lockout.ts';
import { borrowerInScope, type ScopedOperator } from './data-scope.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

const HOUR = 3_600_000;
/** An application waiting on its bank longer than this is worth a look (the sandbox decides in seconds). */
export const WAITING_ON_BANK_HOURS = 24;

const bankName = (bank: string) => PARTNER_BANKS[bank as keyof typeof PARTNER_BANKS]?.name ?? bank;

/**
 * 未入账款项: money received that paid nothing (an order closed, or what it was for changed meanwhile), newest
 * first, with the automatic refund that sends it back and where that refund is.
 */
export async function unappliedMoney(ctx: Ctx, operator: ScopedOperator) {
  const orders = await ctx.db
    .select({
      id: paymentOrders.id,
      outTradeNo: paymentOrders.outTradeNo,
      amountFen: paymentOrders.amountFen,
      unappliedFen: paymentOrders.unappliedFen,
      updatedAt: paymentOrders.updatedAt,
      loginId: users.loginId,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(and(gt(paymentOrders.unappliedFen, 0), borrowerInScope(operator, paymentOrders.userId)))
    .orderBy(desc(paymentOrders.updatedAt))
    .limit(200);
  const refunds = orders.length
    ? await ctx.db
        .select()
        .from(refundApplications)
        .where(
          and(
            inArray(
              refundApplications.paymentOrderId,
              orders.map((o) => o.id),
            ),
            eq(refundApplications.source, 'AUTO'),
          ),
        )
        .orderBy(desc(refundApplications.id))
    : [];
  return orders.map((order) => {
    const refund = refunds.find((r) => r.paymentOrderId === order.id);
    return {
      outTradeNo: order.outTradeNo,
      loginId: order.loginId,
      amount: fenToYuan(order.amountFen),
      unapplied: fenToYuan(order.unappliedFen),
      refundNo: refund?.refundNo ?? null,
      refundStatus: refund ? REFUND_STATE_DISPLAY[refund.status].label : null,
      reason: refund?.reason ?? null,
      updatedAt: order.updatedAt.toISOString(),
    };
  });
}

/** 回款异常: borrowers whose store payouts go elsewhere while a loan is outstanding (DIVERTED). */
export async function divertedPayouts(ctx: Ctx, operator: ScopedOperator) {
  const rows = await ctx.db
    .select({
      loginId: users.loginId,
      destination: receivingSettings.payoutDestinationMasked,
      checkedAt: receivingSettings.payoutCheckedAt,
      notifiedAt: receivingSettings.divertedNotifiedAt,
    })
    .from(receivingSettings)
    .innerJoin(users, eq(users.id, receivingSettings.userId))
    .where(
      and(eq(receivingSettings.payoutState, 'DIVERTED'), borrowerInScope(operator, receivingSettings.userId)),
    )
    .orderBy(asc(receivingSettings.payoutCheckedAt))
    .limit(200);
  return rows.map((row) => ({
    loginId: row.loginId,
    destination: row.destination,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
  }));
}

/** 审批超时: applications submitted to a bank more than WAITING_ON_BANK_HOURS ago and not decided, oldest first. */
export async function waitingOnBank(ctx: Ctx, operator: ScopedOperator) {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ application: applications, loginId: users.loginId })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        inArray(applications.state, ['SUBMITTED', 'UNDER_REVIEW']),
        lte(applications.submittedAt, new Date(now.getTime() - WAITING_ON_BANK_HOURS * HOUR)),
        // a scoped operator sees the applications at the banks of the scope (the list is of applications)
        operator.bankScope === null
          ? undefined
          : operator.bankScope.length > 0
            ? inArray(applications.bank, [...operator.bankScope])
            : sql`false`,
      ),
    )
    .orderBy(asc(applications.submittedAt))
    .limit(200);
  return rows.map(({ application, loginId }) => ({
    rowId: application.id,
    loginId,
    bankName: bankName(application.bank),
    productCode: application.productCode,
    state: APPLICATION_STATE_DISPLAY[application.state].label,
    amount: application.amountFen === null ? null : fenToYuan(application.amountFen),
    submittedAt: application.submittedAt?.toISOString() ?? null,
    hoursWaiting: application.submittedAt
      ? Math.floor((now.getTime() - application.submittedAt.getTime()) / HOUR)
      : 0,
  }));
}

/** 停用与锁定: borrowers stopped by an operator, and those a sign-in lock holds now. */
export async function stoppedOrLocked(ctx: Ctx, operator: ScopedOperator) {
  const now = ctx.now();
  const locks = await ctx.db
    .select({ key: loginFailures.loginId, lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(gt(loginFailures.lockedUntil, now))
    .limit(500);
  const lockedIds = new Map<string, Date>();
  for (const lock of locks) {
    const id = borrowerOfLockKey(lock.key);
    if (id && lock.lockedUntil) lockedIds.set(id, lock.lockedUntil);
  }
  const rows = await ctx.db
    .select({ loginId: users.loginId, name: users.userNameCn, disabled: users.disabled })
    .from(users)
    .where(
      and(
        or(eq(users.disabled, true), inArray(users.loginId, [...lockedIds.keys(), ''])),
        borrowerInScope(operator, users.id),
      ),
    )
    .orderBy(asc(users.loginId))
    .limit(500);
  return rows.map((row) => ({
    loginId: row.loginId,
    disabled: row.disabled,
    lockedUntil: lockedIds.get(row.loginId)?.toISOString() ?? null,
  }));
}
