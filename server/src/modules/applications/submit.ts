import {
  type ApplicationDetail,
  PURPOSE_MAX_LENGTH,
  PURPOSE_MIN_LENGTH,
  RSP,
  type StepKey,
  type SubmitApplicationRequest,
  storeApplyProblem,
  storeLimitProblem,
  transition,
  validateProductApplication,
  yuanToFen,
} from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { ApplicationRow, UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { certificationSummary } from '../certification/service.ts';
import { type ClaimResult, claimCall } from '../partner-calls/claims.ts';
import { attemptCall, resumeCall, runPartnerCall } from '../partner-calls/run.ts';
import { storeForApplication } from '../stores/service.ts';
import { applyEvent } from './apply-event.ts';
import { applicationSubject, bankSubmit, submissionOf } from './bank-calls.ts';
import { detailOf, eventsOf, ownApplication, productOf, progressOf, stepName } from './lookup.ts';
import { missingStepsBefore, subAccountRequired } from './views.ts';

const CERTIFICATION_STEPS: readonly StepKey[] = [
  'CERTIFY_COMPANY',
  'CERTIFY_LEGAL_PERSON',
  'BIND_CARD',
  'UPLOAD_DOCUMENTS',
];

/**
 * POST /loanMgr/submitApplication. Checks, in this order, each with its own rspCode: the application is the
 * user's (3005); the state allows SUBMIT (the state machine's code); purpose and amount shape (1001); the
 * product's rules (3102–3105); the store (3201) and its estimated limit (3106); the agreements (3301); the certification steps before SUBMIT
 * (3401); the other borrower steps before SUBMIT (3402). Then SUBMITTED in one transaction, then the bank.
 *
 * If the bank cannot be reached the application stays SUBMITTED without a bankRef (logged); calling submit
 * again for it retries the hand-over to the bank with the terms already recorded (no second SUBMIT event).
 */
export async function submitApplication(
  ctx: AppContext,
  user: UserRow,
  body: SubmitApplicationRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  if (row.state === 'SUBMITTED' && row.bankRef === null) {
    return detailOf(ctx, await handOverToBank(ctx, row));
  }
  const allowed = transition(row.state, 'SUBMIT', 'BORROWER');
  if (!allowed.ok) throw new ApiError(allowed.code, allowed.reason);

  const purpose = body.purpose.trim();
  if (purpose.length < PURPOSE_MIN_LENGTH || purpose.length > PURPOSE_MAX_LENGTH) {
    throw new ApiError(RSP.INVALID_INPUT, `借款用途需为 ${PURPOSE_MIN_LENGTH}-${PURPOSE_MAX_LENGTH} 个字`);
  }
  let amountFen: number;
  try {
    amountFen = yuanToFen(body.amount.trim());
  } catch {
    throw new ApiError(RSP.INVALID_INPUT, '申请金额格式不正确，应为元，最多两位小数，如 50000.00');
  }
  const product = await productOf(ctx.db, row.productCode);
  const [problem] = validateProductApplication(product, { amountFen, months: body.termMonths });
  if (problem) throw new ApiError(problem.code, problem.reason);

  const store = await storeForApplication(ctx, user.id);
  const storeProblem = storeApplyProblem(store.status);
  if (storeProblem) throw new ApiError(storeProblem.code, storeProblem.reason);
  const limitProblem = storeLimitProblem(amountFen, store.annualSalesFen);
  if (limitProblem) throw new ApiError(limitProblem.code, limitProblem.reason);

  const progress = await progressOf(ctx.db, user.id);
  if (!progress.agreementsAccepted) {
    throw new ApiError(
      RSP.AGREEMENT_NOT_ACCEPTED,
      '请先阅读并同意融资咨询服务协议、信息咨询服务协议和授权书',
    );
  }
  const events = await eventsOf(ctx.db, row.id);
  const missing = missingStepsBefore('SUBMIT', row, product, progress, events);
  const missingCert = missing.filter((k) => CERTIFICATION_STEPS.includes(k));
  if (missingCert.length > 0) {
    throw new ApiError(RSP.CERTIFICATION_REQUIRED, `请先完成${missingCert.map(stepName).join('、')}`);
  }
  if (missing.includes('OPEN_COLLECTION_ACCOUNT')) throw subAccountRequired(row.bank, '提交申请');
  const missingOther = missing.filter((k) => k !== 'ACCEPT_AGREEMENTS');
  if (missingOther.length > 0) {
    throw new ApiError(RSP.STEP_NOT_DONE, `请先完成${missingOther.map(stepName).join('、')}`);
  }

  const cert = await certificationSummary(ctx.db, user.id);
  const now = ctx.now();
  const submitting = ctx.db.transaction(async (tx) => {
    const next = await applyEvent(tx, row, 'SUBMIT', 'BORROWER', {
      now,
      actorRef: user.loginId,
      ip: meta.ip,
      set: { amountFen, termMonths: body.termMonths, purpose, submittedAt: now },
    });
    await recordUserAudit(tx, user, meta, AUDIT.applicationSubmitted, now, {
      applicationId: row.id,
      amountFen,
      termMonths: body.termMonths,
    });
    // the hand-over is claimed with the move: a withdrawal meanwhile finds it open (3504), never a gap
    const submission = submissionOf(next, cert, store.annualSalesFen);
    const spec = {
      partner: next.bank,
      operation: bankSubmit.operation,
      subject: applicationSubject(next.id),
    };
    return claimCall(tx, { ...spec, payload: { submission } }, now);
  });
  let claimed: ClaimResult;
  try {
    claimed = await submitting;
  } catch (error) {
    // a concurrent submit of the same application won: it hands it over; answer as it stands
    return detailOf(ctx, await movedMeanwhile(ctx, row, error));
  }
  if (claimed.won) await attemptCall(ctx, bankSubmit, claimed.call);
  else if (claimed.call) await resumeCall(ctx, bankSubmit, claimed.call);
  return detailOf(ctx, await ownApplication(ctx.db, user.id, row.id));
}

/**
 * Gives a SUBMITTED application to its bank (outside any transaction) through one claimed partner call: only
 * the request that wins the claim calls the bank; the answer is applied with the claim (bank-calls.ts). The bank
 * unreachable → stays SUBMITTED with the claim open (a later submit or reconciliation asks again, same key).
 * Answers the application as it stands.
 */
async function handOverToBank(ctx: AppContext, row: ApplicationRow): Promise<ApplicationRow> {
  const cert = await certificationSummary(ctx.db, row.userId);
  const store = await storeForApplication(ctx, row.userId);
  await runPartnerCall(ctx, bankSubmit, {
    partner: row.bank,
    subject: applicationSubject(row.id),
    payload: { submission: submissionOf(row, cert, store.annualSalesFen) },
  });
  return ownApplication(ctx.db, row.userId, row.id);
}

/** A state move lost to a concurrent request of the same borrower: the application as it stands, if it moved. */
export async function movedMeanwhile(
  ctx: AppContext,
  row: ApplicationRow,
  error: unknown,
): Promise<ApplicationRow> {
  if (!(error instanceof ApiError) || error.rspCode !== RSP.STATE_NOT_ALLOWED) throw error;
  const current = await ownApplication(ctx.db, row.userId, row.id);
  if (current.state === row.state) throw error;
  return current;
}
