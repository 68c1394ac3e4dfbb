import { type RefundDetail, type RefundPage, RSP } from '@loan/domain';
import { and, desc, eq } from 'drizzle-orm';
import { createSandboxGateway } from '../../src/adapters/payments/sandbox.ts';
import { deliverDueGatewayNotifies } from '../../src/adapters/payments/sandbox-delivery.ts';
import { runUserCommand } from '../../src/cli/user-commands.ts';
import { feeItems, loans, paymentOrders } from '../../src/db/schema.ts';
import { createOperator } from '../../src/modules/ops/operators.ts';
import { sandboxReviewRefunds } from '../../src/modules/refunds/sandbox-review.ts';
import { type RefundCallContext, sendWaitingRefunds } from '../../src/modules/refunds/start.ts';
import { type ApiAnswer, call, createTestApp, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './borrower.ts';
import { disburseLoan } from './loans.ts';
import { OPERATOR_PASSWORD } from './operators.ts';

/** What the refund jobs need, on the test app's database and clock. */
export function refundContext(t: TestApp): RefundCallContext {
  return {
    db: t.db,
    now: t.clock.now,
    log: t.app.log,
    config: t.config,
    banks: {} as RefundCallContext['banks'],
    gateway: createSandboxGateway(t.db),
  };
}

/** The sandbox gateway's due notifies delivered, after its one-second delay. */
export async function deliverGatewayNotifies(t: TestApp): Promise<number> {
  t.clock.advance(1500);
  return deliverDueGatewayNotifies(t.app, { db: t.db, now: t.clock.now, config: t.config, log: t.app.log });
}

/** The refund job once, as the server runs it every second: the sandbox review, then waiting refunds sent. */
export async function runRefundJob(t: TestApp): Promise<{ reviewed: number; sent: number }> {
  const ctx = refundContext(t);
  return { reviewed: await sandboxReviewRefunds(ctx), sent: await sendWaitingRefunds(ctx) };
}

export interface PaidFee {
  outTradeNo: string;
  orderId: number;
  /** the cash paid */
  amountFen: number;
  loanId: number;
  feeItemId: number;
}

/**
 * A loan of YNIT-XT02 (an upfront fee of 1 %: 1 000.00 on 100 000.00) disbursed to the borrower, its fee paid
 * through the sandbox cashier and the gateway's notify (optionally with a coupon).
 */
export async function paidUpfrontFee(t: TestApp, b: ReadyBorrower, couponId?: number): Promise<PaidFee> {
  await disburseLoan(t, b, 'YNIT-XT02', '100000', 6);
  const [loan] = await t.db
    .select()
    .from(loans)
    .where(eq(loans.userId, b.userId))
    .orderBy(desc(loans.id))
    .limit(1);
  if (!loan) throw new Error('no loan');
  const loanId = loan.id;
  const [fee] = await t.db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.loanId, loanId), eq(feeItems.seq, 0)));
  if (!fee) throw new Error('no upfront fee item');
  const created = okResult(
    await call<{ order: { outTradeNo: string } }>(
      t.app,
      'POST',
      '/pay/createOrder',
      { feeIds: [fee.id], channel: 'ALIPAY', ...(couponId ? { couponId } : {}) },
      { token: b.token },
    ),
  );
  const outTradeNo = created.order.outTradeNo;
  const [before] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
  if (before && before.status !== 'PAID') {
    okResult(
      await call(t.app, 'POST', '/pay/sandboxCashier', { outTradeNo, action: 'PAY' }, { token: b.token }),
    );
    await deliverGatewayNotifies(t);
  }
  const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
  if (order?.status !== 'PAID') throw new Error(`order not paid: ${order?.status}`);
  return { outTradeNo, orderId: order.id, amountFen: order.amountFen, loanId, feeItemId: fee.id };
}

/** The refund calls of one borrower. */
export function refundCalls(t: TestApp) {
  return {
    apply: (token: string, body: Record<string, unknown>) =>
      call<RefundDetail>(t.app, 'POST', '/refund/apply', body, { token }),
    cancel: (token: string, refundNo: string) =>
      call<RefundDetail>(t.app, 'POST', '/refund/cancel', { refundNo }, { token }),
    list: (token: string, query: Record<string, unknown> = {}) =>
      call<RefundPage>(t.app, 'GET', '/refund/list', query, { token }),
    detail: (token: string, refundNo: string) =>
      call<RefundDetail>(t.app, 'GET', '/refund/detail', { refundNo }, { token }),
  };
}

/** The refusal of a call: its code and Chinese reason, and no result. */
export function refused(answer: ApiAnswer<unknown>): { rspCode: string; rspDesc: string } {
  if (answer.response.rspCode === RSP.OK) throw new Error('call succeeded');
  if (answer.result !== null) throw new Error('refusal with a result');
  return answer.response;
}

/** An app, its refund calls and a borrower (`loginId`) who has paid an upfront fee. */
export async function refundSetup(loginId: string) {
  const t = await createTestApp();
  const b = await makeReadyBorrower(t, loginId);
  return { t, api: refundCalls(t), b, paid: await paidUpfrontFee(t, b) };
}

/**
 * The shell's refund commands as two operators of the console (maker-checker): `refund … --as <maker>` makes the
 * request, `request confirm <id> --as <checker>` does it. `twoStep` returns what the checker's command printed
 * (the refund's state first).
 */
export async function cliOperators(t: TestApp, prefix: string) {
  const maker = `${prefix}-maker`;
  const checker = `${prefix}-checker`;
  for (const [loginId, role] of [
    [maker, 'reviewer'],
    [checker, 'finance'],
  ] as const) {
    await createOperator(
      t.db,
      { loginId, name: `运营${loginId}`, password: OPERATOR_PASSWORD, roles: [role] },
      t.clock.now(),
    );
  }
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    await runUserCommand(argv, { db: t.db, config: t.config, print: (l) => lines.push(l), now: t.clock.now });
    return lines;
  };
  return {
    maker,
    checker,
    run,
    /** the request's id, from what `refund …` printed */
    requestIdOf: (lines: string[]) => Number(/#(\d+)/.exec(lines[0] ?? '')?.[1]),
    twoStep: async (...argv: string[]) => {
      const made = await run([...argv, '--as', maker]);
      const id = /#(\d+)/.exec(made[0] ?? '')?.[1];
      if (!id) throw new Error(`no request made: ${made.join('\n')}`);
      return run(['request', 'confirm', id, '--as', checker]);
    },
  };
}
