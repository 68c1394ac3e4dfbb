import type { CreatedOrder, PaymentOrderView } from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { createSandboxBanks } from '../../src/adapters/banks/sandbox.ts';
import { createSandboxGateway } from '../../src/adapters/payments/sandbox.ts';
import { deliverDueGatewayNotifies } from '../../src/adapters/payments/sandbox-delivery.ts';
import { coupons, feeItems, instalments, ledgerTransactions, loans } from '../../src/db/schema.ts';
import { reconcilePayments } from '../../src/modules/payments/reconcile.ts';
import { call, createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { makeReadyBorrower } from './borrower.ts';
import { disburseLoan } from './loans.ts';

/** Calls of the payments API for tests. */
export function payCalls(t: TestApp) {
  return {
    create: (token: string, body: Record<string, unknown>) =>
      call<CreatedOrder>(t.app, 'POST', '/pay/createOrder', body, { token }),
    repayNow: (token: string, body: Record<string, unknown>) =>
      call<CreatedOrder>(t.app, 'POST', '/pay/repayNow', body, { token }),
    order: (token: string, outTradeNo: string) =>
      call<PaymentOrderView>(t.app, 'GET', '/pay/order', { outTradeNo }, { token }),
    close: (token: string, outTradeNo: string) =>
      call<PaymentOrderView>(t.app, 'POST', '/pay/closeOrder', { outTradeNo }, { token }),
    cashier: (token: string, outTradeNo: string, action: 'PAY' | 'FAIL' = 'PAY') =>
      call<PaymentOrderView>(t.app, 'POST', '/pay/sandboxCashier', { outTradeNo, action }, { token }),
    orders: (token: string) => call<PaymentOrderView[]>(t.app, 'GET', '/pay/orders', undefined, { token }),
    receipt: (token: string, outTradeNo: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/pay/receipt?outTradeNo=${encodeURIComponent(outTradeNo)}`,
        headers: { accessToken: token },
      }),
  };
}

/** What the background jobs use, built on the test app's database and clock. */
export function paymentContext(t: TestApp) {
  return {
    db: t.db,
    now: t.clock.now,
    config: t.config,
    log: t.app.log,
    banks: createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }),
    gateway: createSandboxGateway(t.db),
  };
}

/** Delivers the sandbox gateway's due notifies, as the 1-second job would. */
export function deliverNotifies(t: TestApp): Promise<number> {
  return deliverDueGatewayNotifies(t.app, paymentContext(t));
}

/** Runs the payments' reconciliation, as its job would. */
export function reconcile(t: TestApp): Promise<number> {
  return reconcilePayments(paymentContext(t));
}

export async function loanIdOf(t: TestApp, rowId: number): Promise<number> {
  const [loan] = await t.db.select({ id: loans.id }).from(loans).where(eq(loans.applicationId, rowId));
  if (!loan) throw new Error(`no loan for application ${rowId}`);
  return loan.id;
}

export function feeItemsOf(t: TestApp, loanId: number) {
  return t.db.select().from(feeItems).where(eq(feeItems.loanId, loanId)).orderBy(asc(feeItems.seq));
}

export function instalmentsOf(t: TestApp, loanId: number) {
  return t.db.select().from(instalments).where(eq(instalments.loanId, loanId)).orderBy(asc(instalments.seq));
}

export function ledgerOf(t: TestApp, loanId: number) {
  return t.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.loanId, loanId))
    .orderBy(asc(ledgerTransactions.id));
}

/** A coupon issued straight into the table (the operator command is tested elsewhere). */
export async function giveCoupon(
  t: TestApp,
  userId: number,
  terms: Partial<typeof coupons.$inferInsert> = {},
): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(coupons)
    .values({
      userId,
      kind: 'AMOUNT_OFF',
      title: '服务费满 100 减 20',
      amountOffFen: 2000,
      thresholdFen: 10000,
      validFrom: new Date(now.getTime() - 60_000),
      validUntil: new Date(now.getTime() + 30 * 86_400_000),
      source: 'OPERATOR',
      createdAt: now,
      updatedAt: now,
      ...terms,
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error('coupon not inserted');
  return row.id;
}

export async function couponRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new Error('no such coupon');
  return row;
}

/** An app, its payment calls and a borrower (`loginId`) with a disbursed 12-month YNIT loan of 120000.00. */
export async function paymentSetup(loginId: string, options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  const b = await makeReadyBorrower(t, loginId);
  const loanId = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT01', '120000', 12));
  return { t, pay: payCalls(t), b, loanId };
}
