import { maskIdNumber, type StatementFigures } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loans, type MonthlyStatementRow, type UserRow } from '../../db/schema.ts';
import type { UserFile } from '../../plugins/signed-in-routes.ts';
import { ownStatement } from './list.ts';
import { borrowerName } from './make.ts';
import { statementPdf } from './pdf.ts';

/** The figures of a statement's row, as statementFigures made them. */
export function figuresOf(row: MonthlyStatementRow): StatementFigures {
  const { openingFen, disbursedFen, repaidPrincipalFen, repaidInterestFen, repaidPenaltyFen, repaidFeeFen } =
    row;
  const { feesPaidFen, feesRefundedFen, unappliedPaidFen, otherRefundedFen } = row;
  const { couponsUsedCount, couponsUsedFen, closingFen, lineCount } = row;
  return {
    openingFen,
    disbursedFen,
    repaidPrincipalFen,
    repaidInterestFen,
    repaidPenaltyFen,
    repaidFeeFen,
    feesPaidFen,
    feesRefundedFen,
    unappliedPaidFen,
    otherRefundedFen,
    couponsUsedCount,
    couponsUsedFen,
    closingFen,
    lineCount,
  };
}

/**
 * GET /account/statementPdf?id=: the borrower's own statement as a PDF, drawn from its row (the figures fixed
 * when it was made) with its issued document's number and code. Another borrower's id answers 4301, as a missing
 * one does.
 */
export async function statementPdfFile(ctx: AppContext, user: UserRow, id: unknown): Promise<UserFile> {
  const row = await ownStatement(ctx.db, user.id, id);
  const borrower = await borrowerName(ctx.db, user.id);
  const banks = await ctx.db
    .selectDistinct({ bank: loans.bank })
    .from(loans)
    .where(eq(loans.userId, user.id));
  const body = await statementPdf(
    {
      docNo: row.docNo,
      verifyCode: row.verifyCode,
      borrowerName: borrower.name,
      borrowerUscc: borrower.uscc ? maskIdNumber(borrower.uscc) : null,
      month: row.month,
      figures: figuresOf(row),
      nextDueDate: row.nextDueDate,
      nextDueFen: row.nextDueFen,
      issuedAt: row.createdAt,
      sandbox: banks.some((b) => ctx.banks[b.bank]?.sandbox ?? false),
    },
    ctx.config.platform,
  );
  return {
    type: 'application/pdf',
    fileName: `月度对账单-${row.month}-${row.docNo}.pdf`,
    asciiName: `statement-${row.month}-${row.docNo}.pdf`,
    body,
  };
}
