import {
  checkBankCard,
  type LoanCertificationView,
  maskBankCard,
  maskIdNumber,
  maskName,
  maskPhone,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { LoanCertificationRow } from '../../db/schema.ts';
import { openText } from '../../lib/at-rest.ts';
import { documentView, ownDocuments } from './documents.ts';

/** A stored certification as the borrower sees it: personal data masked, the documents on file. */
export async function certificationView(
  ctx: AppContext,
  row: LoanCertificationRow,
): Promise<LoanCertificationView> {
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
