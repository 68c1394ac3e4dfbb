import {
  checkBankCard,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  isMobilePhone,
  type LoanCertificationRequest,
  RSP,
  shanghaiDate,
  validateIdCard,
  validateUscc,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { ownDocuments } from './documents.ts';

/** The certification's input checks, shared by the full form and the card and document steps. */

export const CERTIFICATION_TEXTS = {
  companyName: '企业名称应为2至100个字符，请按营业执照填写',
  legalName: '法定代表人姓名应为2至30个字符',
  underAge: '法定代表人须年满18周岁',
  bankName: '开户行名称不能超过50个字符',
  noDocument: '请选择要上传的证件资料',
  required: '请先填写企业信息和法定代表人信息，再绑定银行卡或上传经营资料',
} as const;

const length = (s: string) => [...s].length;

/** Has a person born on `birthDate` turned 18 by `today` (both "YYYY-MM-DD")? */
function isAdult(birthDate: string, today: string): boolean {
  return `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}` <= today;
}

export interface CheckedIdentity {
  companyName: string;
  uscc: string;
  legalName: string;
  idNumber: string;
  legalPhone: string;
}

/** Company and legal person, in the order of the form; the first problem is answered with its own code. */
export function checkIdentity(ctx: AppContext, body: LoanCertificationRequest): CheckedIdentity {
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
  const id = validateIdCard(decryptFieldOrFail(body.idNumber, ctx.config).trim(), shanghaiDate(ctx.now()));
  if (!id.valid) throw new ApiError(RSP.INVALID_ID_NUMBER, id.message);
  if (!isAdult(id.birthDate, shanghaiDate(ctx.now()))) {
    throw new ApiError(RSP.INVALID_ID_NUMBER, CERTIFICATION_TEXTS.underAge);
  }
  const legalPhone = body.legalPhone.trim();
  if (!isMobilePhone(legalPhone)) throw new ApiError(RSP.INVALID_PHONE);
  return { companyName, uscc: uscc.value, legalName, idNumber: id.value, legalPhone };
}

export interface CheckedCard {
  /** the card number, or undefined when none was sent (the stored one stays) */
  bankCard: string | undefined;
  /** the bank name, null to clear it, or undefined when none was sent (the stored one stays) */
  bankName: string | null | undefined;
}

/** The card (field-cipher text) and its bank, each optional. A card failing the Luhn check is refused (1105). */
export function checkCard(
  ctx: AppContext,
  body: { bankCardNo?: string | undefined; bankName?: string | undefined },
): CheckedCard {
  let bankCard: string | undefined;
  if (body.bankCardNo !== undefined) {
    const card = checkBankCard(decryptFieldOrFail(body.bankCardNo, ctx.config).trim());
    if (!card.valid) throw new ApiError(RSP.INVALID_BANK_CARD, card.message);
    bankCard = card.value;
  }
  const bankName = body.bankName === undefined ? undefined : body.bankName.trim() || null;
  if (bankName && length(bankName) > 50) throw new ApiError(RSP.INVALID_INPUT, CERTIFICATION_TEXTS.bankName);
  return { bankCard, bankName };
}

export interface DocumentIds {
  licenceDocId?: number | undefined;
  idFrontDocId?: number | undefined;
  idBackDocId?: number | undefined;
  salesDocId?: number | undefined;
}

/**
 * The documents named must be this user's and of the right kind (1104 otherwise, as for a missing one). Run in
 * the transaction that refers to them: they stay held until it commits (see ownDocuments).
 */
export async function checkDocuments(tx: Database, userId: number, body: DocumentIds): Promise<void> {
  const wanted: Array<[number | undefined, DocumentKind]> = [
    [body.licenceDocId, 'BUSINESS_LICENCE'],
    [body.idFrontDocId, 'ID_CARD_FRONT'],
    [body.idBackDocId, 'ID_CARD_BACK'],
    [body.salesDocId, 'SALES_STATEMENT'],
  ];
  const ids = wanted.flatMap(([id]) => (id === undefined ? [] : [id]));
  const own = await ownDocuments(tx, userId, ids, { lock: true });
  for (const [id, kind] of wanted) {
    if (id === undefined) continue;
    if (!own.some((d) => d.id === id && d.kind === kind)) {
      const label = DOCUMENT_KIND_LABELS[kind];
      throw new ApiError(RSP.DOCUMENT_MISSING, `请上传${label}（所选文件不存在或不是${label}）`);
    }
  }
}
