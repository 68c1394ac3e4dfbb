import {
  addDaysIso,
  OUT_TRADE_NO_PATTERN,
  REFUND_NO_PATTERN,
  type ReconciliationReport,
  RSP,
  reconciliationDateProblem,
  shanghaiDate,
  shanghaiInstant,
  shanghaiYesterday,
} from '@loan/domain';
import { and, eq, gt, gte, inArray, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ledgerTransactions, paymentOrders, refundApplications, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  type DayFacts,
  type DayMoney,
  type Elsewhere,
  type LedgerEntry,
  matchDay,
} from './report-matching.ts';

type ReportContext = Pick<AppContext, 'db' | 'now' | 'gateway' | 'log'>;

/** The ledger lines a payment order's money leaves (their memo names the order: "（订单 PAY…）"). */
const RECEIPT_TYPES = ['FEE_PAYMENT', 'REPAYMENT', 'EARLY_SETTLEMENT'] as const;
/** An order's or a refund's number inside a memo. */
const ORDER_IN_MEMO = new RegExp(OUT_TRADE_NO_PATTERN.source.replace(/^\^|\$$/g, ''));
const REFUND_IN_MEMO = new RegExp(REFUND_NO_PATTERN.source.replace(/^\^|\$$/g, ''));

/** The day asked for ("YYYY-MM-DD", default yesterday in Shanghai); 1001 with the reason otherwise. */
export function reconciliationDate(now: Date, text: string | undefined): string {
  const date = text || shanghaiYesterday(now);
  const problem = reconciliationDateProblem(date, shanghaiDate(now));
  if (problem) throw new ApiError(RSP.INVALID_INPUT, problem);
  return date;
}

/** The gateway's statement of the day, or why there is none (a gateway's fault never fails the report). */
async function statementOf(ctx: ReportContext, date: string) {
  if (!ctx.gateway.statement) {
    return { gateway: null, gatewayNote: '支付网关未提供对账单，本次未与网关核对' };
  }
  try {
    return { gateway: await ctx.gateway.statement(date, ctx.now()), gatewayNote: null };
  } catch (error) {
    ctx.log.warn({ err: error, date }, 'gateway statement unavailable for the reconciliation');
    return { gateway: null, gatewayNote: '支付网关对账单暂时无法获取，本次未与网关核对，请稍后重试' };
  }
}

/** Orders (by outTradeNo) not among the day's paid ones: where each stands. */
async function ordersElsewhere(ctx: ReportContext, refs: readonly string[]) {
  const found = new Map<string, Elsewhere>();
  if (refs.length === 0) return found;
  const rows = await ctx.db
    .select({
      ref: paymentOrders.outTradeNo,
      status: paymentOrders.status,
      at: paymentOrders.paidAt,
      amountFen: paymentOrders.amountFen,
      loginId: users.loginId,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(inArray(paymentOrders.outTradeNo, [...refs]));
  for (const { ref, ...row } of rows) found.set(ref, row);
  return found;
}

/** Refunds (by refundNo) not among the day's: where each stands. */
async function refundsElsewhere(ctx: ReportContext, refs: readonly string[]) {
  const found = new Map<string, Elsewhere>();
  const named = refs.filter(Boolean);
  if (named.length === 0) return found;
  const rows = await ctx.db
    .select({
      ref: refundApplications.refundNo,
      status: refundApplications.status,
      at: refundApplications.refundedAt,
      amountFen: refundApplications.amountFen,
      loginId: users.loginId,
    })
    .from(refundApplications)
    .innerJoin(users, eq(users.id, refundApplications.userId))
    .where(inArray(refundApplications.refundNo, named));
  for (const { ref, ...row } of rows) found.set(ref, row);
  return found;
}

/**
 * What each side has of the day [00:00, 24:00) Shanghai: our orders paid (cash above zero: a fully discounted order
 * moves no money and never reaches the gateway), our refunds made, the ledger's lines naming an order or a refund
 * (collections from store payouts name neither and are not the gateway's money), the gateway's statement.
 */
async function dayFacts(ctx: ReportContext, date: string): Promise<DayFacts> {
  const since = shanghaiInstant(date);
  const before = shanghaiInstant(addDaysIso(date, 1));
  const orders: DayMoney[] = await ctx.db
    .select({ ref: paymentOrders.outTradeNo, amountFen: paymentOrders.amountFen, loginId: users.loginId })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(
      and(gte(paymentOrders.paidAt, since), lt(paymentOrders.paidAt, before), gt(paymentOrders.amountFen, 0)),
    )
    .orderBy(paymentOrders.outTradeNo);
  const refunds: DayMoney[] = await ctx.db
    .select({
      ref: refundApplications.refundNo,
      amountFen: refundApplications.amountFen,
      loginId: users.loginId,
    })
    .from(refundApplications)
    .innerJoin(users, eq(users.id, refundApplications.userId))
    .where(
      and(
        eq(refundApplications.status, 'REFUNDED'),
        gte(refundApplications.refundedAt, since),
        lt(refundApplications.refundedAt, before),
      ),
    )
    .orderBy(refundApplications.refundNo);
  const lines = await ctx.db
    .select({
      id: ledgerTransactions.id,
      type: ledgerTransactions.type,
      amountFen: ledgerTransactions.amountFen,
      memo: ledgerTransactions.memo,
      loginId: users.loginId,
    })
    .from(ledgerTransactions)
    .innerJoin(users, eq(users.id, ledgerTransactions.userId))
    .where(
      and(
        gte(ledgerTransactions.occurredAt, since),
        lt(ledgerTransactions.occurredAt, before),
        inArray(ledgerTransactions.type, [...RECEIPT_TYPES, 'REFUND']),
        ne(ledgerTransactions.amountFen, 0),
      ),
    )
    .orderBy(ledgerTransactions.id);
  const receipts: LedgerEntry[] = [];
  const refundLines: LedgerEntry[] = [];
  for (const line of lines) {
    const memo = line.memo ?? '';
    if (line.type === 'REFUND') {
      const ref = REFUND_IN_MEMO.exec(memo)?.[0] ?? '';
      refundLines.push({ id: line.id, ref, amountFen: line.amountFen, loginId: line.loginId });
      continue;
    }
    const ref = ORDER_IN_MEMO.exec(memo)?.[0];
    // money into the platform: the borrower's line is negative
    if (ref) receipts.push({ id: line.id, ref, amountFen: -line.amountFen, loginId: line.loginId });
  }
  const { gateway, gatewayNote } = await statementOf(ctx, date);
  const dayOrders = new Set(orders.map((o) => o.ref));
  const dayRefunds = new Set(refunds.map((r) => r.ref));
  const orderRefs = [...receipts.map((r) => r.ref), ...(gateway?.orders.map((o) => o.outTradeNo) ?? [])];
  const refundRefs = [
    ...refundLines.map((r) => r.ref),
    ...(gateway?.refunds.map((r) => r.outRefundNo) ?? []),
  ];
  return {
    date,
    orders,
    refunds,
    receipts,
    refundLines,
    otherOrders: await ordersElsewhere(ctx, [...new Set(orderRefs.filter((r) => !dayOrders.has(r)))]),
    otherRefunds: await refundsElsewhere(ctx, [...new Set(refundRefs.filter((r) => !dayRefunds.has(r)))]),
    gateway,
    gatewayNote,
  };
}

/**
 * 每日对账: a Shanghai day's gateway money (our paid orders and refunds, the gateway's statement) set against the
 * ledger's lines of that day, with the totals of each side and every mismatch with its reason (report-matching.ts).
 */
export async function reconciliationReport(
  ctx: ReportContext,
  query: { date?: string | undefined },
): Promise<ReconciliationReport> {
  const date = reconciliationDate(ctx.now(), query.date);
  return matchDay(await dayFacts(ctx, date));
}
