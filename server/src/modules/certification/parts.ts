import {
  type BindBankCardRequest,
  type LoanCertificationView,
  RSP,
  type UpdateCertificationDocumentsRequest,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type LoanCertificationRow, loanCertifications, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { seal } from '../../lib/sealed-columns.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { CERTIFICATION_TEXTS, checkCard, checkDocuments, type DocumentIds } from './checks.ts';
import { certificationView } from './view.ts';

/**
 * The bank steps' own saves on an existing certification: 绑定银行卡 sends only the card, 上传经营资料 only the
 * documents. Whatever is not sent stays as it is; without a certification the answer is 3401.
 */

type Changes = Partial<
  Pick<
    LoanCertificationRow,
    'bankCardEnc' | 'bankName' | 'licenceDocId' | 'idFrontDocId' | 'idBackDocId' | 'salesDocId'
  >
>;

async function updateExisting(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  changes: Changes,
  detail: Record<string, unknown>,
  documents?: DocumentIds,
): Promise<LoanCertificationView> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    if (documents) await checkDocuments(tx, user.id, documents);
    const [saved] = await tx
      .update(loanCertifications)
      .set({ ...changes, updatedAt: now })
      .where(eq(loanCertifications.userId, user.id))
      .returning();
    if (!saved) throw new ApiError(RSP.CERTIFICATION_REQUIRED, CERTIFICATION_TEXTS.required);
    await recordUserAudit(tx, user, meta, AUDIT.certificationSaved, now, { replaced: true, ...detail });
    return saved;
  });
  return certificationView(ctx, row);
}

/** POST /users/bindBankCard: the card (field-cipher text) and, when sent, its bank. */
export async function bindBankCard(
  ctx: AppContext,
  user: UserRow,
  body: BindBankCardRequest,
  meta: RequestMeta,
): Promise<LoanCertificationView> {
  const card = checkCard(ctx, body);
  if (card.bankCard === undefined) throw new ApiError(RSP.INVALID_BANK_CARD);
  const changes: Changes = {
    bankCardEnc: seal(ctx.config, 'bankCard', user.id, card.bankCard),
    ...(card.bankName === undefined ? {} : { bankName: card.bankName }),
  };
  return updateExisting(ctx, user, meta, changes, {
    part: 'bankCard',
    bankCard: true,
  });
}

/** POST /users/updateCertificationDocuments: replaces the documents sent (at least one). */
export async function updateCertificationDocuments(
  ctx: AppContext,
  user: UserRow,
  body: UpdateCertificationDocumentsRequest,
  meta: RequestMeta,
): Promise<LoanCertificationView> {
  const sent: DocumentIds = Object.fromEntries(
    (['licenceDocId', 'idFrontDocId', 'idBackDocId', 'salesDocId'] as const).flatMap((field) =>
      body[field] === undefined ? [] : [[field, body[field]]],
    ),
  );
  if (Object.keys(sent).length === 0) throw new ApiError(RSP.INVALID_INPUT, CERTIFICATION_TEXTS.noDocument);
  return updateExisting(
    ctx,
    user,
    meta,
    sent as Changes,
    { part: 'documents', documents: Object.keys(sent), salesStatement: sent.salesDocId !== undefined },
    sent,
  );
}
