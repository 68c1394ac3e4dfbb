import {
  type ApplicationActionRequest,
  type ApplicationDetail,
  CANCEL_REASON_MAX,
  cancelEventFor,
  PARTNER_BANKS,
  RSP,
  type SignContractRequest,
  transition,
} from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { ApplicationRow, UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { activeCall } from '../partner-calls/claims.ts';
import { runPartnerCall } from '../partner-calls/run.ts';
import { holdDisbursement } from '../receiving-account/held-disbursement.ts';
import { applyBorrowerCancellation, applyEvent } from './apply-event.ts';
import { applicationSubject, bankCancel, bankContractSigned, bankSubmit } from './bank-calls.ts';
import { acceptContract } from './contract.ts';
import { keepContract } from './contract-kept.ts';
import { detailOf, eventsOf, ownApplication, productOf, progressOf, stepName } from './lookup.ts';
import { movedMeanwhile } from './submit.ts';
import { missingStepsBefore, subAccountRequired } from './views.ts';

/**
 * POST /loanMgr/advanceCancel: withdraw before the decision, cancel in advance after approval until
 * disbursement (the state machine's cancelEventFor). An application the bank holds is cancelled through one
 * claimed partner call: the bank is asked first and the cancellation applied with its answer (bank-calls.ts);
 * its refusal is 3001 with its reason; no answer yet, or another request asking, is 3504.
 */
export async function advanceCancel(
  ctx: AppContext,
  user: UserRow,
  body: ApplicationActionRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  const event = cancelEventFor(row.state);
  if (!event) {
    const refusal = transition(row.state, 'CANCEL_IN_ADVANCE', 'BORROWER');
    throw refusal.ok ? new ApiError(RSP.STATE_NOT_ALLOWED) : new ApiError(refusal.code, refusal.reason);
  }
  const reason = body.reason?.trim() ? body.reason.trim().slice(0, CANCEL_REASON_MAX) : null;
  const bank = row.bank;
  const bankName = PARTNER_BANKS[bank].name;
  if (row.bankRef) {
    const outcome = await runPartnerCall(ctx, bankCancel, {
      partner: bank,
      subject: applicationSubject(row.id),
      payload: {
        applicationId: row.id,
        bankRef: row.bankRef,
        reason,
        userId: user.id,
        loginId: user.loginId,
        ip: meta.ip,
      },
    });
    if (outcome.status === 'ANSWERED' && !outcome.answer.accepted) {
      throw new ApiError(
        RSP.STATE_NOT_ALLOWED,
        `${bankName}拒绝取消：${outcome.answer.reason ?? '未说明原因'}`,
      );
    }
    if (outcome.status === 'UNANSWERED' || outcome.status === 'IN_PROGRESS') {
      throw new ApiError(
        RSP.PARTNER_CALL_IN_PROGRESS,
        `已向${bankName}申请取消，正在等待处理结果，请稍后刷新查看`,
      );
    }
    return detailOf(ctx, await ownApplication(ctx.db, user.id, row.id));
  }
  const submitting = await activeCall(ctx.db, {
    partner: bank,
    operation: bankSubmit.operation,
    subject: applicationSubject(row.id),
  });
  if (submitting?.state === 'OPEN') {
    throw new ApiError(RSP.PARTNER_CALL_IN_PROGRESS, `申请正在提交至${bankName}，请稍后刷新后再取消`);
  }
  const now = ctx.now();
  const next = await ctx.db.transaction((tx) =>
    applyBorrowerCancellation(tx, row, {
      event,
      userId: user.id,
      loginId: user.loginId,
      reason,
      ip: meta.ip,
      meta,
      now,
    }),
  );
  return detailOf(ctx, next);
}

/**
 * POST /loanMgr/signContract: APPROVED → SIGNED once the borrower steps before signing are done (3402) and the
 * contract is accepted (contract.ts acceptContract: deadline 3404, read token, reading time 3405, the hash of the
 * text as it renders now 3406); the contract is kept with its evidence in the SIGN event's transaction. The
 * bank is then told (one claimed partner call) and disburses later by callback (DISBURSE).
 */
export async function signContract(
  ctx: AppContext,
  user: UserRow,
  body: SignContractRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  const allowed = transition(row.state, 'SIGN', 'BORROWER');
  if (!allowed.ok) throw new ApiError(allowed.code, allowed.reason);
  const product = await productOf(ctx.db, row.productCode);
  const missing = missingStepsBefore(
    'SIGN_CONTRACT',
    row,
    product,
    await progressOf(ctx.db, user.id),
    await eventsOf(ctx.db, row.id),
  );
  if (missing.includes('OPEN_COLLECTION_ACCOUNT')) throw subAccountRequired(row.bank, '签署借款合同');
  if (missing.length > 0) {
    throw new ApiError(RSP.STEP_NOT_DONE, `签约前请先完成${missing.map(stepName).join('、')}`);
  }
  const now = ctx.now();
  const accepted = await acceptContract(ctx, user, row, product, body, now);
  const signing = ctx.db.transaction(async (tx) => {
    const next = await applyEvent(tx, row, 'SIGN', 'BORROWER', {
      now,
      actorRef: user.loginId,
      reason: null,
      ip: meta.ip,
    });
    await keepContract(tx, ctx.config, row, accepted, now, meta);
    await recordUserAudit(tx, user, meta, AUDIT.contractSigned, now, {
      applicationId: row.id,
      contractNo: accepted.terms.contractNo,
      version: accepted.terms.version,
      textHash: accepted.textHash,
    });
    return next;
  });
  let signed: ApplicationRow;
  try {
    signed = await signing;
  } catch (error) {
    // a concurrent signing of the same application won: it tells the bank; answer as it stands
    return detailOf(ctx, await movedMeanwhile(ctx, row, error));
  }
  if (signed.bankRef && !(await holdDisbursement(ctx, signed, product))) {
    // one claimed call; no answer leaves the claim open for reconciliation (same key)
    await runPartnerCall(ctx, bankContractSigned, {
      partner: signed.bank,
      subject: applicationSubject(signed.id),
      payload: { applicationId: signed.id, bankRef: signed.bankRef },
    });
  }
  return detailOf(ctx, signed);
}
