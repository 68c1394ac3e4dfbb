import { type BankCode, type Product, productFlow } from '@loan/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type ApplicationRow, applications } from '../../db/schema.ts';
import { applicationSubject, bankContractSigned } from '../applications/bank-calls.ts';
import { productOf } from '../applications/lookup.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { activeCall } from '../partner-calls/claims.ts';
import { runPartnerCall } from '../partner-calls/run.ts';
import { openSubAccountBanks } from './accounts.ts';

/**
 * Disbursement without the collection account (e.g. 华润银行, whose flow opens it after signing): the portal
 * holds the contract-signed instruction, so the bank never disburses to a borrower without the account. The
 * application is SIGNED; the instruction goes to the bank once the sub-account at that bank is OPEN (the
 * sub-account callback calls releaseHeldDisbursements). Both moments are in the audit log.
 */
export function accountNeededBeforeDisbursement(product: Product): boolean {
  return productFlow(product).includes('OPEN_COLLECTION_ACCOUNT');
}

/** True (and audited) when the signed application's instruction must wait for the sub-account. */
export async function holdDisbursement(
  ctx: AppContext,
  signed: ApplicationRow,
  product: Product,
): Promise<boolean> {
  if (!accountNeededBeforeDisbursement(product)) return false;
  if ((await openSubAccountBanks(ctx.db, signed.userId)).includes(signed.bank)) return false;
  await recordAudit(ctx.db, {
    action: AUDIT.disbursementHeld,
    at: ctx.now(),
    userId: signed.userId,
    loginId: null,
    detail: { applicationId: signed.id, bank: signed.bank, reason: '未开立该机构的收款子账户，暂不通知放款' },
  });
  return true;
}

/** Sends the held contract-signed instructions of the borrower's SIGNED applications at this bank. */
export async function releaseHeldDisbursements(
  ctx: AppContext,
  userId: number,
  bank: BankCode,
): Promise<number> {
  const signed = await ctx.db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.bank, bank),
        eq(applications.state, 'SIGNED'),
        isNotNull(applications.bankRef),
      ),
    );
  let released = 0;
  for (const row of signed) {
    const subject = applicationSubject(row.id);
    if (await activeCall(ctx.db, { partner: bank, operation: bankContractSigned.operation, subject }))
      continue;
    if (!accountNeededBeforeDisbursement(await productOf(ctx.db, row.productCode))) continue;
    await recordAudit(ctx.db, {
      action: AUDIT.disbursementReleased,
      at: ctx.now(),
      userId,
      loginId: null,
      detail: { applicationId: row.id, bank },
    });
    await runPartnerCall(ctx, bankContractSigned, {
      partner: bank,
      subject,
      payload: { applicationId: row.id, bankRef: row.bankRef ?? '' },
    });
    released += 1;
  }
  return released;
}
