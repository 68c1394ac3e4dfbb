import { type LoanCertificationView, maskBankCard, maskIdNumber, maskName, maskPhone } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { LoanCertificationRow } from '../../db/schema.ts';
import { openOrNull, UNREADABLE_MASK } from '../../lib/sealed-columns.ts';
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
  const opened = (name: 'legalName' | 'idNumber' | 'legalPhone' | 'bankCard', sealed: string | null) =>
    openOrNull(ctx, name, row.userId, sealed);
  const masked = (plain: string | null, mask: (value: string) => string) =>
    plain === null ? UNREADABLE_MASK : mask(plain);
  const card = opened('bankCard', row.bankCardEnc);
  return {
    companyName: row.companyName,
    uscc: row.uscc,
    legalNameMasked: masked(opened('legalName', row.legalNameEnc), maskName),
    idNumberMasked: masked(opened('idNumber', row.idNumberEnc), maskIdNumber),
    legalPhoneMasked: masked(opened('legalPhone', row.legalPhoneEnc), maskPhone),
    bankCardMasked: row.bankCardEnc ? masked(card, maskBankCard) : null,
    bankName: row.bankName,
    documents: ids.flatMap((id) => docs.filter((d) => d.id === id).map(documentView)),
    // remarks on what a save sent, never on what is stored: a save of one part never repeats another's
    warnings: [],
    updatedAt: row.updatedAt.toISOString(),
  };
}
