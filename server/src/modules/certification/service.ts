import type { LoanCertificationRequest, LoanCertificationResult, LoanCertificationView } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { loanCertifications, type UserRow } from '../../db/schema.ts';
import { seal } from '../../lib/sealed-columns.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { issueWelcomeCoupon } from '../coupons/issue.ts';
import { issueOnCertification } from '../coupons/templates.ts';
import { checkCard, checkDocuments, checkIdentity } from './checks.ts';
import { certificationView } from './view.ts';

export { type CertificationSummary, certificationSummary } from './summary.ts';

/**
 * POST /users/insertLoanCertification: creates the user's certification (the first earns coupons) or edits it.
 * Company, legal person and the identity documents are replaced; the bank card, its bank name and the sales
 * statement only when sent: a bank whose form does not show them never drops them. The bank name goes with a
 * card: without a card on file or sent, none is kept.
 */
export async function saveCertification(
  ctx: AppContext,
  user: UserRow,
  body: LoanCertificationRequest,
  meta: RequestMeta,
): Promise<LoanCertificationView> {
  const identity = checkIdentity(ctx, body);
  const card = checkCard(ctx, body);
  const now = ctx.now();
  const sealed = (name: 'legalName' | 'idNumber' | 'legalPhone' | 'bankCard', plain: string) =>
    seal(ctx.config, name, user.id, plain);
  const row = await ctx.db.transaction(async (tx) => {
    await checkDocuments(tx, user.id, body);
    const [existing] = await tx
      .select({ id: loanCertifications.id, bankCardEnc: loanCertifications.bankCardEnc })
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, user.id));
    const hasCard = card.bankCard !== undefined || Boolean(existing?.bankCardEnc);
    const bankName = hasCard ? card.bankName : null;
    const set = {
      companyName: identity.companyName,
      uscc: identity.uscc,
      legalNameEnc: sealed('legalName', identity.legalName),
      idNumberEnc: sealed('idNumber', identity.idNumber),
      legalPhoneEnc: sealed('legalPhone', identity.legalPhone),
      licenceDocId: body.licenceDocId,
      idFrontDocId: body.idFrontDocId,
      idBackDocId: body.idBackDocId,
      ...(card.bankCard === undefined ? {} : { bankCardEnc: sealed('bankCard', card.bankCard) }),
      ...(bankName === undefined ? {} : { bankName }),
      ...(body.salesDocId === undefined ? {} : { salesDocId: body.salesDocId }),
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(loanCertifications)
      .values({
        userId: user.id,
        createdAt: now,
        bankCardEnc: null,
        bankName: null,
        salesDocId: null,
        ...set,
      })
      .onConflictDoUpdate({ target: loanCertifications.userId, set })
      .returning();
    if (!saved) throw new Error('certification not saved');
    // 认证通过: the first certification earns the welcome coupon and each active template's with the CERTIFIED
    // rule (each once per borrower by a unique index, whatever happens later or on which server)
    if (existing === undefined) {
      await issueWelcomeCoupon(tx, user.id, now);
      await issueOnCertification(tx, user.id, now);
    }
    await recordUserAudit(tx, user, meta, AUDIT.certificationSaved, now, {
      replaced: existing !== undefined,
      bankCard: card.bankCard !== undefined,
      salesStatement: body.salesDocId !== undefined,
    });
    return saved;
  });
  return certificationView(ctx, row);
}

/** GET /users/loanCertification */
export async function loanCertification(ctx: AppContext, userId: number): Promise<LoanCertificationResult> {
  const [row] = await ctx.db.select().from(loanCertifications).where(eq(loanCertifications.userId, userId));
  return { certification: row ? await certificationView(ctx, row) : null };
}
