import { type BankCode, fenToYuan, isBankCode } from '@loan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { settlementRequests } from '../../db/schema.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import type { PartnerOperation } from '../partner-calls/run.ts';

/** The subject of a settlement's partner call: one claim per settlement request. */
export const settlementSubject = (requestId: number) => `settlement-${requestId}`;

export interface SettlePayload extends Record<string, unknown> {
  settlementRequestId: number;
  loanId: number;
  bankRef: string;
  totalFen: number;
  asOfDate: string;
  userId: number;
  loginId: string;
}

function bankOf(partner: string): BankCode {
  if (!isBankCode(partner)) throw new Error(`not a partner bank: ${partner}`);
  return partner;
}

/**
 * Tells the bank that a loan was settled early and paid (the borrower's money is in): claimed once per
 * settlement request, asked with the claim's idempotency key. The loan is settled whatever the bank answers;
 * its answer is kept on the request (bank_status), and a refusal is audited for the operators to take up.
 */
export const bankSettle: PartnerOperation<SettlePayload> = {
  operation: 'BANK_SETTLE',
  async call(ctx, { partner, payload, key }) {
    const answer = await ctx.banks[bankOf(partner)].settle(payload.bankRef, payload.totalFen, ctx.now(), key);
    return { accepted: answer.ok, reason: answer.reason, result: {} };
  },
  async apply(tx, ctx, payload, answer, now) {
    const reason = answer.accepted ? null : answer.reason || '合作机构未受理提前结清';
    await tx
      .update(settlementRequests)
      .set({ bankStatus: answer.accepted ? 'ACCEPTED' : 'REFUSED', bankReason: reason })
      .where(
        and(eq(settlementRequests.id, payload.settlementRequestId), isNull(settlementRequests.bankStatus)),
      );
    if (!answer.accepted) {
      ctx.log.warn(
        { settlementRequestId: payload.settlementRequestId, loanId: payload.loanId, reason },
        'bank refused a paid early settlement',
      );
      await recordAudit(tx, {
        action: AUDIT.loanEarlySettleBankRefused,
        at: now,
        userId: payload.userId,
        loginId: payload.loginId,
        detail: {
          loanId: payload.loanId,
          settlementRequestId: payload.settlementRequestId,
          total: fenToYuan(payload.totalFen),
          reason,
        },
      });
    }
    return null;
  },
};
