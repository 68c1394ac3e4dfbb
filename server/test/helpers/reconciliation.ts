import { fenToYuan, type ReconciliationTotals } from '@loan/domain';
import { like } from 'drizzle-orm';
import {
  ledgerTransactions,
  paymentOrders,
  refundApplications,
  sandboxGatewayOrders,
  sandboxGatewayRefunds,
} from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { inPeriod } from './reports.ts';

/** The reconciliation's figures rebuilt from the rows themselves (the report's rule written out again). */

const pad = (fens: number[]) => ({ count: fens.length, amount: fenToYuan(fens.reduce((s, f) => s + f, 0)) });

/** The day's totals from the rows themselves: the report's rule written out again, row by row. */
export async function rebuilt(t: TestApp, day: string): Promise<ReconciliationTotals> {
  const orders = (await t.db.select().from(paymentOrders)).filter(
    (o) => inPeriod(o.paidAt, day) && o.amountFen > 0,
  );
  const refunds = (await t.db.select().from(refundApplications)).filter(
    (r) => r.status === 'REFUNDED' && inPeriod(r.refundedAt, day),
  );
  const lines = (await t.db.select().from(ledgerTransactions)).filter(
    (l) => inPeriod(l.occurredAt, day) && l.amountFen !== 0,
  );
  const receipts = lines.filter((l) => l.type !== 'REFUND' && /（订单 PAY\d{20}）/.test(l.memo ?? ''));
  const refundLines = lines.filter((l) => l.type === 'REFUND');
  const gatewayOrders = (await t.db.select().from(sandboxGatewayOrders)).filter(
    (o) => o.status === 'PAID' && inPeriod(o.paidAt, day),
  );
  const gatewayRefunds = (await t.db.select().from(sandboxGatewayRefunds)).filter(
    (r) => r.status === 'SUCCESS' && inPeriod(r.refundedAt, day),
  );
  const sum = (rows: { amountFen: number }[], sign = 1) => rows.reduce((s, r) => s + sign * r.amountFen, 0);
  return {
    paidOrders: pad(orders.map((o) => o.amountFen)),
    refunds: pad(refunds.map((r) => r.amountFen)),
    ledgerReceipts: pad(receipts.map((l) => -l.amountFen)),
    ledgerRefunds: pad(refundLines.map((l) => l.amountFen)),
    gatewayOrders: pad(gatewayOrders.map((o) => o.amountFen)),
    gatewayRefunds: pad(gatewayRefunds.map((r) => r.amountFen)),
    receiptDifference: fenToYuan(sum(orders) - sum(receipts, -1)),
    refundDifference: fenToYuan(sum(refunds) - sum(refundLines)),
    gatewayOrderDifference: fenToYuan(sum(gatewayOrders) - sum(orders)),
    gatewayRefundDifference: fenToYuan(sum(gatewayRefunds) - sum(refunds)),
    net: fenToYuan(sum(orders) - sum(refunds)),
  };
}

/** The ledger line a payment order left. */
export async function lineOf(t: TestApp, outTradeNo: string) {
  const [line] = await t.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.memo, `%${outTradeNo}%`));
  if (!line) throw new Error(`no ledger line for ${outTradeNo}`);
  return line;
}
