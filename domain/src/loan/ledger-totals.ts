import type { LedgerTotals } from '../api/contracts-loans.ts';
import { yuanToFen } from '../money.ts';

/** One total of a ledger range in the borrower's words: a positive amount with the direction in its label. */
export interface LedgerTotalFigure {
  key: 'amount' | 'disbursed' | 'principal' | 'interest' | 'penalty' | 'fee';
  label: string;
  /** never negative: the direction is in the label */
  fen: number;
}

/** [paid by the borrower, paid back to the borrower] for each part of a repayment. */
const PART_LABELS = {
  principal: ['已还本金', '退回本金'],
  interest: ['已付利息', '退回利息'],
  penalty: ['已付罚息', '退回罚息'],
  fee: ['已付服务费', '退回服务费'],
} as const;

/**
 * The totals of a ledger range as the transaction list says them. The ledger's sums are signed net flows (into
 * the borrower's hands positive); a borrower reads "已付利息 3,460.00", not "利息 -3,460.00". The net principal
 * mixes what was received with what was repaid, so the disbursed principal is told apart. The exports (CSV,
 * xlsx) do not use these words: their 合计 row keeps the signed sums, each the sum of the signed column above it,
 * as a spreadsheet adds them (server export-file.ts).
 */
export function ledgerTotalFigures(totals: LedgerTotals): LedgerTotalFigure[] {
  const amount = yuanToFen(totals.amount);
  const disbursed = yuanToFen(totals.disbursed);
  const part = (key: keyof typeof PART_LABELS, outFen: number): LedgerTotalFigure => {
    const [paid, returned] = PART_LABELS[key];
    return { key, label: outFen >= 0 ? paid : returned, fen: Math.abs(outFen) };
  };
  return [
    {
      key: 'amount',
      label: amount > 0 ? '净收入' : amount < 0 ? '净支出' : '收支相抵',
      fen: Math.abs(amount),
    },
    { key: 'disbursed', label: '收到放款', fen: disbursed },
    part('principal', disbursed - yuanToFen(totals.principal)),
    part('interest', -yuanToFen(totals.interest)),
    part('penalty', -yuanToFen(totals.penalty)),
    part('fee', -yuanToFen(totals.fee)),
  ];
}
