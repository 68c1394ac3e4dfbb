import type { Page } from './contracts-loans.ts';

/**
 * 月度对账单: one per borrower and Shanghai month with activity or a balance, made on the 1st of the next month
 * (docs/PRODUCT.md 月度对账单). Amounts are yuan strings with two places; "balance" is the principal outstanding
 * over all of the borrower's loans (domain/src/statements).
 */
export interface StatementSummary {
  id: number;
  /** "YYYY-MM" */
  month: string;
  opening: string;
  disbursed: string;
  repaidPrincipal: string;
  repaidInterest: string;
  repaidPenalty: string;
  repaidFee: string;
  feesPaid: string;
  feesRefunded: string;
  couponsUsed: string;
  closing: string;
  /** "YYYY-MM-DD"; null when nothing is due any more */
  nextDueDate: string | null;
  nextDueAmount: string | null;
  /** the issued document's number, printed on the PDF */
  docNo: string;
  createdAt: string;
}

/** GET /account/statements: newest month first, keyset paged. */
export interface StatementListQuery {
  cursor?: string;
  limit?: number;
}

export type StatementPage = Page<StatementSummary>;

/** GET /account/statementPdf?id=: the statement's PDF (the owner's only). */
export interface StatementPdfQuery {
  id: string;
}
