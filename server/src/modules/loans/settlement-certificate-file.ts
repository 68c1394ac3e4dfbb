import { maskIdNumber, PARTNER_BANKS, RSP, rspText, shanghaiDate } from '@loan/domain';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loanCertifications, products, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  registerSettlementCertificate,
  settlementCertificatePdf,
} from '../issued-documents/settlement-certificate.ts';
import { ownLoan } from './settlement-quote.ts';

export interface CertificateFile {
  type: 'application/pdf';
  fileName: string;
  asciiName: string;
  body: Buffer;
}

/**
 * GET /loanMgr/settlementCertificatePdf?loanId=: the 结清证明 of the borrower's settled loan (3601 for any
 * other loan, 3604 while it is not settled), with what was repaid over its life from its instalments and fee
 * items, one document number per loan (asked again, the same number and verification code).
 */
export async function settlementCertificateFile(
  ctx: AppContext,
  user: UserRow,
  loanId: unknown,
): Promise<CertificateFile> {
  const { loan, rows, fees } = await ownLoan(ctx.db, user.id, loanId);
  if (loan.status !== 'SETTLED' || !loan.settledAt)
    throw new ApiError(RSP.LOAN_NOT_SETTLED, rspText(RSP.LOAN_NOT_SETTLED));
  const [certification] = await ctx.db
    .select({ companyName: loanCertifications.companyName, uscc: loanCertifications.uscc })
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, user.id))
    .orderBy(desc(loanCertifications.id))
    .limit(1);
  const [product] = await ctx.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.productCode, loan.productCode));
  const sum = (of: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + of(r), 0);
  const principalFen = sum((r) => r.paidPrincipalFen);
  const interestFen = sum((r) => r.paidInterestFen);
  const penaltyFen = sum((r) => r.paidPenaltyFen);
  const feeFen = fees.items.reduce((s, i) => s + i.paidFen + i.discountFen, 0);
  const feeWaivedFen = fees.items.reduce((s, i) => s + i.waivedFen, 0);
  const totalFen = principalFen + interestFen + feeFen + penaltyFen;
  const borrowerName = certification?.companyName ?? user.loginId;
  const issued = await registerSettlementCertificate(ctx.db, {
    loanId: loan.id,
    userId: user.id,
    borrowerName,
    totalFen,
    issuer: ctx.config.platform.legalName,
    now: ctx.now(),
  });
  const body = await settlementCertificatePdf(
    {
      docNo: issued.docNo,
      verifyCode: issued.verifyCode,
      borrowerName,
      borrowerUscc: certification ? maskIdNumber(certification.uscc) : '—',
      loanId: loan.id,
      bankName: PARTNER_BANKS[loan.bank as keyof typeof PARTNER_BANKS]?.name ?? loan.bank,
      productName: product?.name ?? loan.productCode,
      principalFen,
      interestFen,
      feeFen,
      penaltyFen,
      feeWaivedFen,
      totalFen,
      disbursedDate: loan.startDate,
      settledDate: shanghaiDate(loan.settledAt),
      issuedAt: ctx.now(),
      sandbox: ctx.banks[loan.bank as keyof typeof ctx.banks]?.sandbox ?? false,
    },
    ctx.config.platform,
  );
  return {
    type: 'application/pdf',
    fileName: `结清证明-${issued.docNo}.pdf`,
    asciiName: `settlement-certificate-${issued.docNo}.pdf`,
    body,
  };
}
