import type { LedgerTotals } from '../api/contracts-loans.ts';
import { yuanToFen } from '../money.ts';
import { FEES_PAID_NET_LABEL, FEES_REFUNDED_NET_LABEL } from '../money-rules/sentences.ts';

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
  fee: [FEES_PAID_NET_LABEL, FEES_REFUNDED_NET_LABEL],
} as const;

/**
 * The totals of a ledger range as the transaction list says them. The ledger's sums are signed net flows (into
 * the borrower's hands positive); a borrower reads "已付利息 3,460.00", not "利息 -3,460.00". The net principal
 * mixes what was received with what was repaid, so the disbursed principal is told apart (放款本金); the net of
 * all lines is money that came in or went out (资金净流入/净流出), not income. Fees are net of refunds and
 * say so. The exports (CSV,
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
      label: amount > 0 ? '资金净流入' : amount < 0 ? '资金净流出' : '收支相抵',
      fen: Math.abs(amount),
    },
    { key: 'disbursed', label: '放款本金', fen: disbursed },
    part('principal', disbursed - yuanToFen(totals.principal)),
    part('interest', -yuanToFen(totals.interest)),
    part('penalty', -yuanToFen(totals.penalty)),
    part('fee', -yuanToFen(totals.fee)),
  ];
}
