import {
  checkBankCard,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  isMobilePhone,
  type LoanCertificationRequest,
  type LoanCertificationResult,
  type LoanCertificationView,
  maskBankCard,
  maskIdNumber,
  maskName,
  maskPhone,
  RSP,
  validateIdCard,
  validateUscc,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type LoanCertificationRow, loanCertifications, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { openText, sealText } from '../../lib/at-rest.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { issueWelcomeCoupon } from '../coupons/issue.ts';
import { documentView, ownDocuments } from './documents.ts';

export { type CertificationSummary, certificationSummary } from './summary.ts';

export const CERTIFICATION_TEXTS = {
  companyName: '企业名称应为2至100个字符，请按营业执照填写',
  legalName: '法定代表人姓名应为2至30个字符',
  underAge: '法定代表人须年满18周岁',
  bankName: '开户行名称不能超过50个字符',
} as const;

const DOCUMENT_LABELS = DOCUMENT_KIND_LABELS;

const length = (s: string) => [...s].length;

/** Today's date in China ("YYYY-MM-DD"), for the birth date checks. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Has a person born on `birthDate` turned 18 by `today` (both "YYYY-MM-DD")? */
export function isAdult(birthDate: string, today: string): boolean {
  return `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}` <= today;
}

interface CheckedRequest {
  companyName: string;
  uscc: string;
  legalName: string;
  idNumber: string;
  legalPhone: string;
  bankCard: string | null;
  bankName: string | null;
  warnings: string[];
}

/** Checks every field in the order of the form; the first problem is answered with its own code and text. */
function checkRequest(ctx: AppContext, body: LoanCertificationRequest): CheckedRequest {
  const companyName = body.companyName.trim();
  if (length(companyName) < 2 || length(companyName) > 100) {
    throw new ApiError(RSP.INVALID_INPUT, CERTIFICATION_TEXTS.companyName);
  }
  const uscc = validateUscc(body.uscc.trim());
  if (!uscc.valid) throw new ApiError(RSP.INVALID_USCC, uscc.message);
  const legalName = body.legalName.trim();
  if (length(legalName) < 2 || length(legalName) > 30) {
    throw new ApiError(RSP.INVALID_INPUT, CERTIFICATION_TEXTS.legalName);
  }
  const id = validateIdCard(decryptFieldOrFail(body.idNumber, ctx.config).trim(), chinaToday(ctx.now()));
  if (!id.valid) throw new ApiError(RSP.INVALID_ID_NUMBER, id.message);
  if (!isAdult(id.birthDate, chinaToday(ctx.now()))) {
    throw new ApiError(RSP.INVALID_ID_NUMBER, CERTIFICATION_TEXTS.underAge);
  }
  const legalPhone = body.legalPhone.trim();
  if (!isMobilePhone(legalPhone)) throw new ApiError(RSP.INVALID_PHONE);
  const warnings: string[] = [];
  let bankCard: string | null = null;
  if (body.bankCardNo !== undefined) {
    const card = checkBankCard(decryptFieldOrFail(body.bankCardNo, ctx.config).trim());
    if (!card.valid) throw new ApiError(RSP.INVALID_BANK_CARD, card.message);
    bankCard = card.value;
    if (card.warning) warnings.push(card.warning);
  }
  const bankName = body.bankName?.trim() || null;
  if (bankName && length(bankName) > 50) throw new ApiError(RSP.INVALID_INPUT, CERTIFICATION_TEXTS.bankName);
  return {
    companyName,
    uscc: uscc.value,
    legalName,
    idNumber: id.value,
    legalPhone,
    bankCard,
    bankName: bankCard ? bankName : null,
    warnings,
  };
}

/** The documents named by the request must be this user's and of the right kind (1104 otherwise). */
async function checkDocuments(
  ctx: AppContext,
  userId: number,
  body: LoanCertificationRequest,
): Promise<void> {
  const wanted: Array<[number | undefined, DocumentKind]> = [
    [body.licenceDocId, 'BUSINESS_LICENCE'],
    [body.idFrontDocId, 'ID_CARD_FRONT'],
    [body.idBackDocId, 'ID_CARD_BACK'],
    [body.salesDocId, 'SALES_STATEMENT'],
  ];
  const ids = wanted.flatMap(([id]) => (id === undefined ? [] : [id]));
  const own = await ownDocuments(ctx.db, userId, ids);
  for (const [id, kind] of wanted) {
    if (id === undefined) continue;
    if (!own.some((d) => d.id === id && d.kind === kind)) {
      throw new ApiError(
        RSP.DOCUMENT_MISSING,
        `请上传${DOCUMENT_LABELS[kind]}（所选文件不存在或不是${DOCUMENT_LABELS[kind]}）`,
      );
    }
  }
}

async function toView(ctx: AppContext, row: LoanCertificationRow): Promise<LoanCertificationView> {
  const ids = [row.licenceDocId, row.idFrontDocId, row.idBackDocId, row.salesDocId].filter(
    (id): id is number => id !== null,
  );
  const docs = await ownDocuments(ctx.db, row.userId, ids);
  const card = row.bankCardEnc ? openText(ctx.config.piiKey, row.bankCardEnc) : null;
  const cardCheck = card ? checkBankCard(card) : null;
  return {
    companyName: row.companyName,
    uscc: row.uscc,
    legalNameMasked: maskName(row.legalName),
    idNumberMasked: maskIdNumber(openText(ctx.config.piiKey, row.idNumberEnc)),
    legalPhoneMasked: maskPhone(openText(ctx.config.piiKey, row.legalPhoneEnc)),
    bankCardMasked: card ? maskBankCard(card) : null,
    bankName: row.bankName,
    documents: ids.flatMap((id) => docs.filter((d) => d.id === id).map(documentView)),
    warnings: cardCheck?.valid && cardCheck.warning ? [cardCheck.warning] : [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** POST /users/insertLoanCertification: creates or replaces the user's certification; the first earns a coupon. */
export async function saveCertification(
  ctx: AppContext,
  user: UserRow,
  body: LoanCertificationRequest,
  meta: RequestMeta,
): Promise<LoanCertificationView> {
  const checked = checkRequest(ctx, body);
  await checkDocuments(ctx, user.id, body);
  const now = ctx.now();
  const key = ctx.config.piiKey;
  const values = {
    companyName: checked.companyName,
    uscc: checked.uscc,
    legalName: checked.legalName,
    idNumberEnc: sealText(key, checked.idNumber),
    legalPhoneEnc: sealText(key, checked.legalPhone),
    bankCardEnc: checked.bankCard ? sealText(key, checked.bankCard) : null,
    bankName: checked.bankName,
    licenceDocId: body.licenceDocId,
    idFrontDocId: body.idFrontDocId,
    idBackDocId: body.idBackDocId,
    salesDocId: body.salesDocId ?? null,
    updatedAt: now,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: loanCertifications.id })
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, user.id));
    const [saved] = await tx
      .insert(loanCertifications)
      .values({ userId: user.id, createdAt: now, ...values })
      .onConflictDoUpdate({ target: loanCertifications.userId, set: values })
      .returning();
    if (!saved) throw new Error('certification not saved');
    // the first certification earns the welcome coupon (once per borrower, whatever happens later)
    if (existing === undefined) await issueWelcomeCoupon(tx, user.id, now);
    await recordAudit(tx, {
      action: AUDIT.certificationSaved,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: {
        replaced: existing !== undefined,
        bankCard: checked.bankCard !== null,
        salesStatement: body.salesDocId !== undefined,
        warnings: checked.warnings.length,
      },
    });
    return saved;
  });
  return toView(ctx, row);
}

/** GET /users/loanCertification */
export async function loanCertification(ctx: AppContext, userId: number): Promise<LoanCertificationResult> {
  const [row] = await ctx.db.select().from(loanCertifications).where(eq(loanCertifications.userId, userId));
  return { certification: row ? await toView(ctx, row) : null };
}
