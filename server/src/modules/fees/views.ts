import {
  type BankCode,
  type FeeItemView,
  feeItemOwedFen,
  feeItemStatus,
  fenToYuan,
  PARTNER_BANKS,
} from '@loan/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type FeeItemRow, feeItems } from '../../db/schema.ts';

/** A fee item with what the list joins to it. */
export interface FeeItemJoined {
  item: FeeItemRow;
  rowId: number | null;
  bank: BankCode | null;
  productCode: string;
  productName: string | null;
  couponTitle: string | null;
}

export function feeItemView(r: FeeItemJoined, today: string): FeeItemView {
  const { item } = r;
  return {
    feeId: item.id,
    loanId: item.loanId,
    rowId: r.rowId,
    productName: r.productName,
    bankName: r.bank ? (PARTNER_BANKS[r.bank]?.name ?? r.bank) : null,
    kind: item.kind,
    seq: item.seq,
    dueDate: item.dueDate,
    amount: fenToYuan(item.amountFen),
    discount: fenToYuan(item.discountFen),
    paid: fenToYuan(item.paidFen),
    refunded: fenToYuan(item.refundedFen),
    waived: fenToYuan(item.waivedFen),
    outstanding: fenToYuan(feeItemOwedFen(item)),
    status: feeItemStatus(item, today),
    couponTitle: r.couponTitle,
    paidAt: item.paidAt?.toISOString() ?? null,
  };
}

/** What an item still owes, in SQL (as feeItemOwedFen). */
export const owedSql: SQL<number> = sql<number>`greatest(0, ${feeItems.amountFen} - ${feeItems.discountFen} - ${feeItems.paidFen} - ${feeItems.waivedFen})`;

/** feeItemStatus in SQL, for the status filter (the same rules, in the same order). */
export function statusSql(today: string): SQL<string> {
  const { paidFen: paid, refundedFen: refunded, discountFen: discount, waivedFen: waived } = feeItems;
  return sql<string>`case
    when ${paid} > 0 and ${refunded} >= ${paid} then 'REFUNDED'
    when ${refunded} > 0 then 'PARTIALLY_REFUNDED'
    when ${owedSql} = 0 and ${paid} + ${discount} = 0 and ${waived} > 0 then 'WAIVED'
    when ${owedSql} = 0 then 'PAID'
    when ${today} > ${feeItems.dueDate} then 'OVERDUE'
    else 'DUE' end`;
}
