import { randomInt } from 'node:crypto';
import {
  type ApplicationActionRequest,
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationQuery,
  BANK_CODES,
  type BankCode,
  type CompleteStepRequest,
  type CreateApplicationRequest,
  cancelEventFor,
  isBankCode,
  isTerminal,
  PARTNER_BANKS,
  type Product,
  productFlow,
  RSP,
  rspText,
  STEP_INFO,
  type StepKey,
  type SubmitApplicationRequest,
  storeApplyProblem,
  TERMINAL_STATES,
  transition,
  validateProductApplication,
  yuanToFen,
} from '@loan/domain';
import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationRow,
  applicationEvents,
  applications,
  products,
  type UserRow,
  users,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { agreementsAccepted } from '../agreements/service.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { certificationSummary } from '../certification/service.ts';
import { activeCall, type ClaimResult, claimCall } from '../partner-calls/claims.ts';
import { attemptCall, resumeCall, runPartnerCall } from '../partner-calls/run.ts';
import { productCard, rowToProduct, shanghaiToday } from '../products/service.ts';
import { storeForApplication } from '../stores/service.ts';
import { applyEvent, recordCreated } from './apply-event.ts';
import {
  applicationSubject,
  bankCancel,
  bankContractSigned,
  bankSubmit,
  submissionOf,
} from './bank-calls.ts';
import { applicationDetail, applicationView, type BorrowerProgress, missingStepsBefore } from './views.ts';

/** One answer for a missing, foreign, mismatched or malformed id: never reveals whether it exists. */
const notFound = () => new ApiError(RSP.APPLICATION_NOT_FOUND, rspText(RSP.APPLICATION_NOT_FOUND));

const ROW_ID = /^[1-9]\d{0,9}$/;
const MAX_ROW_ID = 2_147_483_647;

function parseRowId(value: string | number | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (text === undefined || !ROW_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/** The user's application with this id, else 3005. */
export async function ownApplication(db: Database, userId: number, rowId: number): Promise<ApplicationRow> {
  const id = parseRowId(rowId);
  if (id === null) throw notFound();
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The product an application was made for, active or not (a product withdrawn later still shows). */
async function productOf(db: Database, productCode: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.productCode, productCode)).limit(1);
  const product = row ? rowToProduct(row) : null;
  if (!product) throw notFound();
  return product;
}

async function progressOf(db: Database, userId: number): Promise<BorrowerProgress> {
  const [user] = await db.select({ subAccNo: users.subAccNo }).from(users).where(eq(users.id, userId));
  return {
    agreementsAccepted: await agreementsAccepted(db, userId),
    certification: await certificationSummary(db, userId),
    hasSubAccount: Boolean(user?.subAccNo),
  };
}

async function eventsOf(db: Database, applicationId: number) {
  return db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.id));
}

/** The ApplicationDetail of a row (also the loan record detail's head). */
export async function detailOf(ctx: AppContext, row: ApplicationRow): Promise<ApplicationDetail> {
  const product = await productOf(ctx.db, row.productCode);
  const card = productCard(product, shanghaiToday(ctx.now()));
  return applicationDetail(
    row,
    product,
    card,
    await progressOf(ctx.db, row.userId),
    await eventsOf(ctx.db, row.id),
  );
}

/** `MC` + yyyymmdd (Shanghai) + 10 random digits: CRBANK's merchant order number. */
export function newMcOrderNo(now: Date): string {
  const day = shanghaiToday(now).replaceAll('-', '');
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `MC${day}${digits}`;
}

/** POST /loanMgr/createApplication: the open application for this product, or a new draft. */
export async function createApplication(
  ctx: AppContext,
  user: UserRow,
  body: CreateApplicationRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const [productRow] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.productCode, body.productCode), eq(products.active, true)))
    .limit(1);
  const product = productRow ? rowToProduct(productRow) : null;
  if (!product) throw new ApiError(RSP.PRODUCT_NOT_FOUND, '产品不存在或已下架，请返回产品列表重新选择');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    // one open application per product and user: concurrent creates of the same user queue here
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.userId, user.id),
          eq(applications.productCode, product.productCode),
          notInArray(applications.state, [...TERMINAL_STATES]),
        ),
      )
      .orderBy(desc(applications.id))
      .limit(1);
    if (open) return open;
    const [created] = await tx
      .insert(applications)
      .values({
        userId: user.id,
        bank: product.bank,
        productCode: product.productCode,
        productType: product.productType ?? null,
        mcOrderNo: product.bank === 'CRBANK' ? newMcOrderNo(now) : null,
        state: 'DRAFT',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('application not inserted');
    await recordCreated(tx, created, { now, actorRef: user.loginId, ip: meta.ip });
    await recordAudit(tx, {
      action: AUDIT.applicationCreated,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { applicationId: created.id, productCode: product.productCode },
    });
    return created;
  });
  return detailOf(ctx, row);
}

/** GET /loanMgr/application: by rowId or mcOrderNo; productCode/productType must match when given. */
export async function findApplication(
  ctx: AppContext,
  user: UserRow,
  query: ApplicationQuery,
): Promise<ApplicationDetail> {
  let row: ApplicationRow | undefined;
  if (query.rowId !== undefined) {
    const id = parseRowId(query.rowId);
    if (id === null) throw notFound();
    [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.userId, user.id)))
      .limit(1);
  } else if (query.mcOrderNo) {
    [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.mcOrderNo, query.mcOrderNo), eq(applications.userId, user.id)))
      .limit(1);
  }
  if (!row) throw notFound();
  if (query.mcOrderNo !== undefined && query.mcOrderNo !== row.mcOrderNo) throw notFound();
  if (query.productCode !== undefined && query.productCode !== row.productCode) throw notFound();
  if (query.productType !== undefined && query.productType !== (row.productType ?? '')) throw notFound();
  return detailOf(ctx, row);
}

/** GET /loanMgr/applications: the user's applications, newest first. */
export async function listApplications(ctx: AppContext, user: UserRow): Promise<ApplicationListResult> {
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, user.id))
    .orderBy(desc(applications.id));
  return { items: rows.map(applicationView) };
}

const stepName = (key: StepKey) => `「${STEP_INFO[key].title}」`;

/** The sandbox collection sub-account of a user at a bank: deterministic, 19 digits. */
export function sandboxSubAccountNo(bank: BankCode, userId: number): string {
  return `62${BANK_CODES.indexOf(bank) + 1}8${String(userId).padStart(15, '0')}`;
}

/**
 * POST /loanMgr/completeStep: the two steps the sandbox simulates. FACE_VERIFY records the time in the
 * application's step marks; OPEN_COLLECTION_ACCOUNT gives the user a sandbox sub-account at the bank (store
 * payouts go there). Only steps of the product's flow, before submission for steps before SUBMIT, after
 * approval for steps after the review; never on a closed application. Doing a done step again changes nothing.
 */
export async function completeStep(
  ctx: AppContext,
  user: UserRow,
  body: CompleteStepRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  const product = await productOf(ctx.db, row.productCode);
  const flow = productFlow(product);
  const index = flow.indexOf(body.step);
  if (index < 0) {
    throw new ApiError(RSP.STEP_NOT_DONE, `该产品的申请流程不包含${stepName(body.step)}，无需办理`);
  }
  const state = row.state as never;
  if (isTerminal(state)) {
    const refusal = transition(state, 'SUBMIT', 'BORROWER');
    const code = refusal.ok ? RSP.APPLICATION_CLOSED : refusal.code;
    throw new ApiError(code, `申请已结束，无法办理${stepName(body.step)}`);
  }
  if (index < flow.indexOf('SUBMIT') && row.state !== 'DRAFT') {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, `申请已提交，无需再办理${stepName(body.step)}`);
  }
  if (index > flow.indexOf('BANK_REVIEW') && row.state !== 'APPROVED' && row.state !== 'SIGNED') {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, `请在审批通过后再办理${stepName(body.step)}`);
  }
  const bank = isBankCode(row.bank) ? row.bank : product.bank;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (body.step === 'FACE_VERIFY') {
      if (row.stepMarks.FACE_VERIFY) return;
      await tx
        .update(applications)
        .set({ stepMarks: { ...row.stepMarks, FACE_VERIFY: now.toISOString() }, updatedAt: now })
        .where(eq(applications.id, row.id));
    } else {
      const [current] = await tx
        .select({ subAccNo: users.subAccNo })
        .from(users)
        .where(eq(users.id, user.id));
      if (current?.subAccNo) return;
      await tx
        .update(users)
        .set({
          openBank: PARTNER_BANKS[bank].name,
          subAccNo: sandboxSubAccountNo(bank, user.id),
          paidMethod: 'STORE_PAYOUT',
        })
        .where(eq(users.id, user.id));
    }
    await recordAudit(tx, {
      action: AUDIT.applicationStepCompleted,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { applicationId: row.id, step: body.step, sandbox: true },
    });
  });
  return detailOf(ctx, await ownApplication(ctx.db, user.id, row.id));
}

const CERTIFICATION_STEPS: readonly StepKey[] = [
  'CERTIFY_COMPANY',
  'CERTIFY_LEGAL_PERSON',
  'BIND_CARD',
  'UPLOAD_DOCUMENTS',
];

const PURPOSE_MIN = 2;
const PURPOSE_MAX = 200;

/**
 * POST /loanMgr/submitApplication. Checks, in this order, each with its own rspCode: the application is the
 * user's (3005); the state allows SUBMIT (the state machine's code); purpose and amount shape (1001); the
 * product's rules (3102–3105); the store (3201); the agreements (3301); the certification steps before SUBMIT
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
  const allowed = transition(row.state as never, 'SUBMIT', 'BORROWER');
  if (!allowed.ok) throw new ApiError(allowed.code, allowed.reason);

  const purpose = body.purpose.trim();
  if (purpose.length < PURPOSE_MIN || purpose.length > PURPOSE_MAX) {
    throw new ApiError(RSP.INVALID_INPUT, `借款用途需为 ${PURPOSE_MIN}-${PURPOSE_MAX} 个字`);
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
    await recordAudit(tx, {
      action: AUDIT.applicationSubmitted,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { applicationId: row.id, amountFen, termMonths: body.termMonths },
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
async function movedMeanwhile(ctx: AppContext, row: ApplicationRow, error: unknown): Promise<ApplicationRow> {
  if (!(error instanceof ApiError) || error.rspCode !== RSP.STATE_NOT_ALLOWED) throw error;
  const current = await ownApplication(ctx.db, row.userId, row.id);
  if (current.state === row.state) throw error;
  return current;
}

const REASON_MAX = 200;

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
  const event = cancelEventFor(row.state as never);
  if (!event) {
    const refusal = transition(row.state as never, 'CANCEL_IN_ADVANCE', 'BORROWER');
    throw refusal.ok ? new ApiError(RSP.STATE_NOT_ALLOWED) : new ApiError(refusal.code, refusal.reason);
  }
  const reason = body.reason?.trim() ? body.reason.trim().slice(0, REASON_MAX) : null;
  const bank = row.bank as BankCode;
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
  const next = await ctx.db.transaction(async (tx) => {
    const changed = await applyEvent(tx, row, event, 'BORROWER', {
      now,
      actorRef: user.loginId,
      reason,
      ip: meta.ip,
    });
    await recordAudit(tx, {
      action: AUDIT.applicationCancelled,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { applicationId: row.id, event, reason },
    });
    return changed;
  });
  return detailOf(ctx, next);
}

/**
 * POST /loanMgr/signContract: APPROVED → SIGNED once the borrower steps before signing are done (3402); the
 * bank is then told (one claimed partner call) and disburses later by callback (DISBURSE).
 */
export async function signContract(
  ctx: AppContext,
  user: UserRow,
  body: ApplicationActionRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  const allowed = transition(row.state as never, 'SIGN', 'BORROWER');
  if (!allowed.ok) throw new ApiError(allowed.code, allowed.reason);
  const product = await productOf(ctx.db, row.productCode);
  const missing = missingStepsBefore(
    'SIGN_CONTRACT',
    row,
    product,
    await progressOf(ctx.db, user.id),
    await eventsOf(ctx.db, row.id),
  );
  if (missing.length > 0) {
    throw new ApiError(RSP.STEP_NOT_DONE, `签约前请先完成${missing.map(stepName).join('、')}`);
  }
  const now = ctx.now();
  const signing = ctx.db.transaction(async (tx) => {
    const next = await applyEvent(tx, row, 'SIGN', 'BORROWER', {
      now,
      actorRef: user.loginId,
      reason: body.reason?.trim() ? body.reason.trim().slice(0, REASON_MAX) : null,
      ip: meta.ip,
    });
    await recordAudit(tx, {
      action: AUDIT.contractSigned,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { applicationId: row.id },
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
  if (signed.bankRef) {
    // one claimed call; no answer leaves the claim open for reconciliation (same key)
    await runPartnerCall(ctx, bankContractSigned, {
      partner: signed.bank,
      subject: applicationSubject(signed.id),
      payload: { applicationId: signed.id, bankRef: signed.bankRef },
    });
  }
  return detailOf(ctx, signed);
}
