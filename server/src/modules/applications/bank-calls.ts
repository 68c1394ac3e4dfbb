import { type BankCode, cancelEventFor, isBankCode, PARTNER_BANKS } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { BankSubmission } from '../../adapters/banks/bank-adapter.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applications } from '../../db/schema.ts';
import type { PartnerAnswer, PartnerOperation } from '../partner-calls/run.ts';
import { applyBorrowerCancellation, applyEvent } from './apply-event.ts';

/** The subject of an application's partner calls. */
export const applicationSubject = (id: number) => `application-${id}`;

function bankOf(partner: string): BankCode {
  if (!isBankCode(partner)) throw new Error(`not a partner bank: ${partner}`);
  return partner;
}

async function currentRow(tx: Database, id: number): Promise<ApplicationRow | null> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row ?? null;
}

/** What the bank is given at submission: the terms as recorded, the company, the store's annual sales. */
export function submissionOf(
  row: ApplicationRow,
  cert: { companyName: string; uscc: string } | null,
  annualSalesFen: number,
): BankSubmission {
  return {
    applicationId: row.id,
    bank: bankOf(row.bank),
    productCode: row.productCode,
    productType: row.productType,
    amountFen: row.amountFen ?? 0,
    termMonths: row.termMonths ?? 0,
    purpose: row.purpose ?? '',
    companyName: cert?.companyName ?? '',
    uscc: cert?.uscc ?? '',
    annualSalesFen,
  };
}

export interface SubmitPayload extends Record<string, unknown> {
  submission: BankSubmission;
}

/**
 * Hands a SUBMITTED application to its bank: accepted → bankRef stored and the review started by SYSTEM;
 * refused → review started and rejected with the bank's reason (actor BANK).
 */
export const bankSubmit: PartnerOperation<SubmitPayload> = {
  operation: 'BANK_SUBMIT',
  async call(ctx, { partner, payload, key }) {
    const result = await ctx.banks[bankOf(partner)].submit(payload.submission, ctx.now(), key);
    return result.accepted
      ? { accepted: true, reason: null, result: { bankRef: result.bankRef } }
      : { accepted: false, reason: result.reason, result: {} };
  },
  async apply(tx, _ctx, { submission }, answer, now) {
    const row = await currentRow(tx, submission.applicationId);
    if (!row) return '申请已不存在';
    const bank = bankOf(row.bank);
    if (answer.accepted) {
      const bankRef = String(answer.result.bankRef);
      await applyEvent(tx, row, 'START_REVIEW', 'SYSTEM', {
        now,
        actorRef: bank,
        reason: `${PARTNER_BANKS[bank].name}已受理（业务编号 ${bankRef}）`,
        set: { bankRef },
      });
      return null;
    }
    const reason = answer.reason ?? '合作机构不予受理';
    const reviewing = await applyEvent(tx, row, 'START_REVIEW', 'SYSTEM', { now, actorRef: bank });
    await applyEvent(tx, reviewing, 'REJECT', 'BANK', {
      now,
      actorRef: bank,
      reason,
      set: { decisionReason: reason, decidedAt: now },
      bankReason: answer.reason,
    });
    return null;
  },
};

export interface CancelPayload extends Record<string, unknown> {
  applicationId: number;
  bankRef: string;
  /** the borrower's reason as given (null: none) */
  reason: string | null;
  userId: number;
  loginId: string;
  ip: string | null;
}

/** Asks the bank to drop the application; accepted → withdrawn or cancelled in advance (as the state then allows). */
export const bankCancel: PartnerOperation<CancelPayload> = {
  operation: 'BANK_CANCEL',
  async call(ctx, { partner, payload, key }) {
    const answer = await ctx.banks[bankOf(partner)].cancel(
      payload.bankRef,
      payload.reason ?? '借款人申请取消',
      ctx.now(),
      key,
    );
    return { accepted: answer.ok, reason: answer.reason, result: {} };
  },
  async apply(tx, _ctx, payload, answer, now) {
    if (!answer.accepted) return null;
    const row = await currentRow(tx, payload.applicationId);
    if (!row) return '申请已不存在';
    const event = cancelEventFor(row.state);
    if (!event) return `申请状态为 ${row.state}，无法取消`;
    await applyBorrowerCancellation(tx, row, {
      event,
      userId: payload.userId,
      loginId: payload.loginId,
      reason: payload.reason,
      ip: payload.ip,
      meta: payload.ip ? { ip: payload.ip, userAgent: null } : null,
      now,
    });
    return null;
  },
};

export interface ContractSignedPayload extends Record<string, unknown> {
  applicationId: number;
  bankRef: string;
}

/** Tells the bank the borrower signed; the bank disburses later by callback (nothing to apply here). */
export const bankContractSigned: PartnerOperation<ContractSignedPayload> = {
  operation: 'BANK_CONTRACT_SIGNED',
  async call(ctx, { partner, payload, key }): Promise<PartnerAnswer> {
    await ctx.banks[bankOf(partner)].contractSigned(payload.bankRef, ctx.now(), key);
    return { accepted: true, reason: null, result: {} };
  },
  async apply() {
    return null;
  },
};
