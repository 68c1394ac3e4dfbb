import {
  fenToYuan,
  PAYMENT_ORDER_STATE_LABELS,
  type PaymentOrderState,
  RECONCILIATION_MISMATCHES,
  REFUND_STATE_DISPLAY,
  type ReconciliationMismatch,
  type ReconciliationMismatchKind,
  type ReconciliationReport,
  type RefundState,
  shanghaiDate,
  shanghaiDateTime,
} from '@loan/domain';
import type { GatewayStatement } from '../../adapters/payments/gateway.ts';

/** A day's money as each side has it, in fen (report-reconciliation.ts reads it); matched here, without I/O. */

/** Our payment order paid that day, or our refund made that day. */
export interface DayMoney {
  /** the order's outTradeNo, or the refund's refundNo */
  ref: string;
  amountFen: number;
  loginId: string;
}

/** A ledger line of that day naming an order (cash received, positive) or a refund (cash given back). */
export interface LedgerEntry {
  id: number;
  /** the order or refund it names ('' when it names none) */
  ref: string;
  amountFen: number;
  loginId: string;
}

/** An order or refund named by the ledger or the gateway, but not among that day's: where it stands. */
export interface Elsewhere {
  status: string;
  /** when it was paid or refunded (null: it was not) */
  at: Date | null;
  amountFen: number;
  loginId: string;
}

export interface DayFacts {
  date: string;
  orders: DayMoney[];
  refunds: DayMoney[];
  receipts: LedgerEntry[];
  refundLines: LedgerEntry[];
  otherOrders: ReadonlyMap<string, Elsewhere>;
  otherRefunds: ReadonlyMap<string, Elsewhere>;
  /** null: the gateway was not asked, or did not answer (gatewayNote says which) */
  gateway: GatewayStatement | null;
  gatewayNote: string | null;
}

const yuan = (fen: number) => fenToYuan(fen);
const sumOf = (rows: readonly { amountFen: number }[]) => rows.reduce((s, r) => s + r.amountFen, 0);
const tally = (rows: readonly { amountFen: number }[]) => ({ count: rows.length, amount: yuan(sumOf(rows)) });

function mismatch(
  kind: ReconciliationMismatchKind,
  fields: Partial<Omit<ReconciliationMismatch, 'kind' | 'label'>> & { reason: string },
): ReconciliationMismatch {
  return {
    kind,
    label: RECONCILIATION_MISMATCHES[kind],
    outTradeNo: null,
    refundNo: null,
    ledgerIds: [],
    loginId: null,
    ours: null,
    ledger: null,
    gateway: null,
    ...fields,
  };
}

function byRef<T extends { ref: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.ref, [...(map.get(row.ref) ?? []), row]);
  return map;
}

/** Where an order stands that is not among the day's paid orders, in Chinese. */
function orderWhere(date: string, other: Elsewhere | undefined): string {
  if (!other) return '我方没有该订单';
  if (!other.at)
    return `我方订单状态为“${PAYMENT_ORDER_STATE_LABELS[other.status as PaymentOrderState] ?? other.status}”，未记收款`;
  if (shanghaiDate(other.at) !== date) return `我方订单的支付时间为 ${shanghaiDateTime(other.at)}，不在当日`;
  return `我方订单实付金额为 ${yuan(other.amountFen)} 元`;
}

/** Where a refund stands that is not among the day's refunds, in Chinese. */
function refundWhere(ref: string, other: Elsewhere | undefined): string {
  if (ref === '') return '该记录没有注明退款单号';
  if (!other) return '我方没有该退款单';
  if (other.status !== 'REFUNDED' || !other.at) {
    return `我方退款单状态为“${REFUND_STATE_DISPLAY[other.status as RefundState]?.label ?? other.status}”，未完成退款`;
  }
  return `我方退款的完成时间为 ${shanghaiDateTime(other.at)}，不在当日`;
}

/** Our side (orders or refunds) against the ledger's lines naming them. */
function againstLedger(
  facts: DayFacts,
  ours: readonly DayMoney[],
  lines: readonly LedgerEntry[],
  refund: boolean,
): ReconciliationMismatch[] {
  const out: ReconciliationMismatch[] = [];
  const byName = byRef(lines);
  const named = (ref: string) => (refund ? { refundNo: ref || null } : { outTradeNo: ref });
  const what = refund ? '退款' : '订单';
  for (const item of ours) {
    const own = byName.get(item.ref) ?? [];
    const ledgerFen = sumOf(own);
    const base = {
      ...named(item.ref),
      loginId: item.loginId,
      ours: yuan(item.amountFen),
      ledger: own.length > 0 ? yuan(ledgerFen) : null,
      ledgerIds: own.map((l) => l.id),
    };
    if (own.length === 0) {
      const reason = refund
        ? `退款 ${item.ref} 已于当日退回 ${yuan(item.amountFen)} 元，但当日账本中没有对应的退款冲回记录`
        : `订单 ${item.ref} 已于当日支付 ${yuan(item.amountFen)} 元，但当日账本中没有该订单的收款记录`;
      out.push(mismatch(refund ? 'REFUND_WITHOUT_LEDGER' : 'ORDER_WITHOUT_LEDGER', { ...base, reason }));
    } else if (!refund && own.length > 1) {
      const reason = `订单 ${item.ref} 在当日账本中记了 ${own.length} 笔收款，合计 ${yuan(ledgerFen)} 元（订单 ${yuan(item.amountFen)} 元）`;
      out.push(mismatch('LEDGER_DUPLICATE', { ...base, reason }));
    } else if (ledgerFen !== item.amountFen) {
      const reason = `${what} ${item.ref} ${refund ? '退回' : '支付'} ${yuan(item.amountFen)} 元，账本${refund ? '冲回' : '收款'} ${yuan(ledgerFen)} 元，相差 ${yuan(item.amountFen - ledgerFen)} 元`;
      out.push(mismatch(refund ? 'REFUND_AMOUNT_DIFFERS' : 'ORDER_AMOUNT_DIFFERS', { ...base, reason }));
    }
  }
  const known = new Set(ours.map((o) => o.ref));
  for (const [ref, own] of byName) {
    if (known.has(ref)) continue;
    const other = (refund ? facts.otherRefunds : facts.otherOrders).get(ref);
    const ids = own.map((l) => `#${l.id}`).join('、');
    const where = refund ? refundWhere(ref, other) : orderWhere(facts.date, other);
    const reason = `账本记录 ${ids} ${refund ? '退款' : '收款'} ${yuan(sumOf(own))} 元${ref ? `（${what} ${ref}）` : ''}，但${where}`;
    out.push(
      mismatch(refund ? 'LEDGER_REFUND_WITHOUT_REFUND' : 'LEDGER_WITHOUT_ORDER', {
        ...named(ref),
        loginId: other?.loginId ?? own[0]?.loginId ?? null,
        ours: other ? yuan(other.amountFen) : null,
        ledger: yuan(sumOf(own)),
        ledgerIds: own.map((l) => l.id),
        reason,
      }),
    );
  }
  return out;
}

/** Our side against the gateway's statement of the day. */
function againstGateway(
  facts: DayFacts,
  ours: readonly DayMoney[],
  theirs: readonly DayMoney[],
  refund: boolean,
): ReconciliationMismatch[] {
  const out: ReconciliationMismatch[] = [];
  const gateway = new Map(theirs.map((g) => [g.ref, g]));
  const named = (ref: string) => (refund ? { refundNo: ref } : { outTradeNo: ref });
  const what = refund ? '退款' : '收款';
  for (const item of ours) {
    const there = gateway.get(item.ref);
    const base = { ...named(item.ref), loginId: item.loginId, ours: yuan(item.amountFen) };
    if (!there) {
      const reason = `我方${refund ? '退款' : '订单'} ${item.ref} 记为当日${refund ? '已退回' : '已支付'} ${yuan(item.amountFen)} 元，但支付网关当日对账单中没有这笔${what}`;
      out.push(mismatch(refund ? 'GATEWAY_REFUND_MISSING' : 'GATEWAY_ORDER_MISSING', { ...base, reason }));
    } else if (there.amountFen !== item.amountFen) {
      const reason = `支付网关${what} ${yuan(there.amountFen)} 元，我方 ${yuan(item.amountFen)} 元，相差 ${yuan(there.amountFen - item.amountFen)} 元`;
      out.push(
        mismatch(refund ? 'GATEWAY_REFUND_AMOUNT_DIFFERS' : 'GATEWAY_ORDER_AMOUNT_DIFFERS', {
          ...base,
          gateway: yuan(there.amountFen),
          reason,
        }),
      );
    }
  }
  const known = new Set(ours.map((o) => o.ref));
  for (const there of theirs) {
    if (known.has(there.ref)) continue;
    const other = (refund ? facts.otherRefunds : facts.otherOrders).get(there.ref);
    const where = refund ? refundWhere(there.ref, other) : orderWhere(facts.date, other);
    out.push(
      mismatch(refund ? 'GATEWAY_REFUND_UNRECORDED' : 'GATEWAY_ORDER_UNRECORDED', {
        ...named(there.ref),
        loginId: other?.loginId ?? null,
        ours: other ? yuan(other.amountFen) : null,
        gateway: yuan(there.amountFen),
        reason: `支付网关当日${what} ${yuan(there.amountFen)} 元（${refund ? '退款单' : '订单'} ${there.ref}），但${where}`,
      }),
    );
  }
  return out;
}

const KIND_ORDER = Object.keys(RECONCILIATION_MISMATCHES);
const refOf = (m: ReconciliationMismatch) => m.outTradeNo ?? m.refundNo ?? '';

/** The day's totals on each side and every mismatch, grouped by kind (catalogue order), then by number. */
export function matchDay(facts: DayFacts): ReconciliationReport {
  const gatewayOrders: DayMoney[] | null =
    facts.gateway?.orders.map((o) => ({ ref: o.outTradeNo, amountFen: o.amountFen, loginId: '' })) ?? null;
  const gatewayRefunds: DayMoney[] | null =
    facts.gateway?.refunds.map((r) => ({ ref: r.outRefundNo, amountFen: r.amountFen, loginId: '' })) ?? null;
  const mismatches = [
    ...againstLedger(facts, facts.orders, facts.receipts, false),
    ...againstLedger(facts, facts.refunds, facts.refundLines, true),
    ...(gatewayOrders ? againstGateway(facts, facts.orders, gatewayOrders, false) : []),
    ...(gatewayRefunds ? againstGateway(facts, facts.refunds, gatewayRefunds, true) : []),
  ].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || refOf(a).localeCompare(refOf(b)),
  );
  const paid = sumOf(facts.orders);
  const refunded = sumOf(facts.refunds);
  return {
    date: facts.date,
    gatewayChecked: facts.gateway !== null,
    gatewayNote: facts.gatewayNote,
    totals: {
      paidOrders: tally(facts.orders),
      refunds: tally(facts.refunds),
      ledgerReceipts: tally(facts.receipts),
      ledgerRefunds: tally(facts.refundLines),
      gatewayOrders: gatewayOrders && tally(gatewayOrders),
      gatewayRefunds: gatewayRefunds && tally(gatewayRefunds),
      receiptDifference: yuan(paid - sumOf(facts.receipts)),
      refundDifference: yuan(refunded - sumOf(facts.refundLines)),
      gatewayOrderDifference: gatewayOrders && yuan(sumOf(gatewayOrders) - paid),
      gatewayRefundDifference: gatewayRefunds && yuan(sumOf(gatewayRefunds) - refunded),
      net: yuan(paid - refunded),
    },
    mismatches,
  };
}
