import { type BankCallbackResult, RSP, type SubAccountCallbackBody } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bankCallbacks, subAccounts } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { SubAccountCallbackBodySchema } from '../../schemas/receiving.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { type CallbackHeaders, verifyBankCallback } from '../bank-callbacks/verify.ts';
import { maskAccountNo, sealAccountNo } from './accounts.ts';
import { releaseHeldDisbursements } from './held-disbursement.ts';
import { moveSubAccount } from './open.ts';

/**
 * POST /callbacks/bank/{bank}/account: the bank's signed answer to an opening request, checked as every bank
 * callback is (bank 1001, signature 3501, timestamp 3502, JSON 1002, shape 1001). In one transaction: the
 * (bank, eventId) row (a replay: DUPLICATE, nothing changes); the sub-account by (bank, requestRef) (unknown, or
 * no longer OPENING: IGNORED); OPENED → OPEN with the number sealed and the borrower's earlier OPEN account
 * CLOSED (history kept); FAILED → FAILED with the bank's reason. After an opening, a contract-signed
 * instruction held for want of the account is sent (held-disbursement.ts).
 */
export async function receiveSubAccountCallback(
  ctx: AppContext,
  bankParam: string,
  headers: CallbackHeaders,
  rawBody: unknown,
): Promise<BankCallbackResult> {
  const { bank, body } = verifyBankCallback<SubAccountCallbackBody>(
    ctx,
    bankParam,
    headers,
    rawBody,
    SubAccountCallbackBodySchema,
  );
  if (body.outcome === 'OPENED' && !/^\d{8,30}$/.test(body.accountNo ?? '')) {
    throw new ApiError(RSP.INVALID_INPUT, '开户成功的回调须带 8-30 位数字的账号');
  }
  const now = ctx.now();
  const settled = await ctx.db.transaction(async (tx) => {
    const [received] = await tx
      .insert(bankCallbacks)
      .values({ bank, eventId: body.eventId, payload: { ...body }, outcome: 'APPLIED', receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: bankCallbacks.id });
    if (!received) return { outcome: 'DUPLICATE' as const, userId: null };
    // the stored payload never keeps the full number
    const stored = { ...body, accountNo: body.accountNo ? maskAccountNo(body.accountNo) : undefined };
    const ignore = async (reason: string) => {
      await tx
        .update(bankCallbacks)
        .set({ outcome: 'IGNORED', payload: { ...stored, ignoredReason: reason } })
        .where(eq(bankCallbacks.id, received.id));
      ctx.log.info({ bank, eventId: body.eventId, reason }, 'sub-account callback ignored');
      return { outcome: 'IGNORED' as const, userId: null };
    };
    await tx.update(bankCallbacks).set({ payload: stored }).where(eq(bankCallbacks.id, received.id));
    const [row] = await tx
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.bank, bank), eq(subAccounts.requestRef, body.requestRef)))
      .limit(1)
      // two answers to one request (different eventIds) wait for each other: the second finds it no longer OPENING
      .for('update');
    if (!row) return ignore('未知的开户请求');
    if (row.state !== 'OPENING') return ignore(`子账户状态为 ${row.state}，不再受理开户结果`);
    if (body.outcome === 'FAILED') {
      const reason = body.reason?.trim() || '合作机构未说明原因';
      await moveSubAccount(tx, row, 'FAIL', 'BANK', now, { failReason: reason }, reason);
    } else {
      const accountNo = body.accountNo ?? '';
      const [previous] = await tx
        .select()
        .from(subAccounts)
        .where(and(eq(subAccounts.userId, row.userId), eq(subAccounts.state, 'OPEN')));
      if (previous) {
        await moveSubAccount(
          tx,
          previous,
          'REPLACE',
          'SYSTEM',
          now,
          { closedAt: now },
          '已开立新的收款子账户',
        );
      }
      await moveSubAccount(tx, row, 'OPEN', 'BANK', now, {
        accountNoEnc: sealAccountNo(ctx.config, row.id, accountNo),
        accountNoMasked: maskAccountNo(accountNo),
        openedAt: now,
      });
    }
    await recordAudit(tx, {
      action: AUDIT.subAccountAnswered,
      at: now,
      userId: row.userId,
      loginId: null,
      detail: { subAccountId: row.id, bank, outcome: body.outcome, reason: body.reason ?? null },
    });
    return { outcome: 'APPLIED' as const, userId: body.outcome === 'OPENED' ? row.userId : null };
  });
  if (settled.userId !== null) await releaseHeldDisbursements(ctx, settled.userId, bank);
  return { eventId: body.eventId, outcome: settled.outcome };
}
