import {
  type BankCode,
  type EarlySettleRequest,
  type EarlySettleResult,
  fenToYuan,
  MoneyError,
  RSP,
  rspText,
  type SettlementQuote,
  yuanToFen,
} from '@loan/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  applications,
  type InstalmentRow,
  instalments,
  type LoanRow,
  ledgerTransactions,
  loans,
  serviceFees,
  settlementRequests,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { shanghaiToday } from '../products/service.ts';
import { dailyInterestFen, daysFrom } from './accrual.ts';
import { penaltyAsOf } from './collections.ts';
import { loanView } from './views.ts';

const notFound = () => new ApiError(RSP.LOAN_NOT_FOUND, rspText(RSP.LOAN_NOT_FOUND));

const LOAN_ID = /^[1-9]\d{0,9}$/;

/** The loan id of a request: a positive int4, else null. */
export function parseLoanId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !LOAN_ID.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

interface LoanState {
  loan: LoanRow;
  rows: InstalmentRow[];
  fee: { id: number; amountFen: number; status: string } | null;
}

/** The caller's loan with its instalments and fee, else 3601 (missing and foreign answer alike). */
export async function ownLoan(db: Database, userId: number, loanIdValue: unknown): Promise<LoanState> {
  const loanId = parseLoanId(loanIdValue);
  if (loanId === null) throw notFound();
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .limit(1);
  if (!loan) throw notFound();
  return loanState(db, loan);
}

export async function loanState(db: Database, loan: LoanRow): Promise<LoanState> {
  const rows = await db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loan.id))
    .orderBy(asc(instalments.seq));
  const [fee] = await db
    .select({ id: serviceFees.id, amountFen: serviceFees.amountFen, status: serviceFees.status })
    .from(serviceFees)
    .where(eq(serviceFees.loanId, loan.id));
  return { loan, rows, fee: fee ?? null };
}

const isOpen = (r: InstalmentRow) => r.status !== 'PAID' && r.status !== 'SETTLED_EARLY';

export interface QuoteFen {
  asOfDate: string;
  principalFen: number;
  interestFen: number;
  feeFen: number;
  penaltyFen: number;
  totalFen: number;
  /** interest accrued in the running period (on principal not yet due) */
  accruedFen: number;
}

/**
 * What settling today costs: all principal still owed; the unpaid interest of instalments already due plus
 * interest on the principal not yet due from the last due date (or the value date) to today, daily on a
 * 360-day year (first day counts, last does not; half-up to the fen); the unpaid fees of instalments already
 * due and an upfront service fee still due (fees of instalments not yet due are not charged); penalty
 * interest of overdue instalments to today.
 */
export function quoteOf({ loan, rows, fee }: LoanState, today: string): QuoteFen {
  const open = rows.filter(isOpen);
  const due = open.filter((r) => r.dueDate <= today);
  const notDue = open.filter((r) => r.dueDate > today);
  const principalFen = open.reduce((s, r) => s + r.principalFen - r.paidPrincipalFen, 0);
  // interest is paid up to the latest due date passed or paid (a paid instalment not yet due: nothing accrues)
  const lastDue = rows
    .filter((r) => r.dueDate <= today || !isOpen(r))
    .reduce((latest, r) => (r.dueDate > latest ? r.dueDate : latest), loan.startDate);
  const notDuePrincipal = notDue.reduce((s, r) => s + r.principalFen - r.paidPrincipalFen, 0);
  const accruedFen = dailyInterestFen(notDuePrincipal, loan.annualRate, daysFrom(lastDue, today));
  const interestFen = due.reduce((s, r) => s + r.interestFen - r.paidInterestFen, 0) + accruedFen;
  const upfrontDue = fee && fee.status === 'DUE' && !rows.some((r) => r.feeFen > 0) ? fee.amountFen : 0;
  const feeFen = due.reduce((s, r) => s + r.feeFen - r.paidFeeFen, 0) + upfrontDue;
  const penaltyFen = due.reduce((s, r) => s + penaltyAsOf(r, loan.annualRate, today) - r.paidPenaltyFen, 0);
  return {
    asOfDate: today,
    principalFen,
    interestFen,
    feeFen,
    penaltyFen,
    totalFen: principalFen + interestFen + feeFen + penaltyFen,
    accruedFen,
  };
}

function quoteView(loanId: number, q: QuoteFen): SettlementQuote {
  return {
    loanId,
    asOfDate: q.asOfDate,
    principal: fenToYuan(q.principalFen),
    interest: fenToYuan(q.interestFen),
    fee: fenToYuan(q.feeFen),
    penalty: fenToYuan(q.penaltyFen),
    total: fenToYuan(q.totalFen),
  };
}

function assertRepaying(loan: LoanRow): void {
  if (loan.status === 'SETTLED') throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
}

/** GET /loanMgr/settlementQuote?loanId= */
export async function settlementQuote(
  ctx: AppContext,
  user: UserRow,
  loanId: unknown,
): Promise<SettlementQuote> {
  const state = await ownLoan(ctx.db, user.id, loanId);
  assertRepaying(state.loan);
  return quoteView(state.loan.id, quoteOf(state, shanghaiToday(ctx.now())));
}

/**
 * POST /loanMgr/earlySettle: the total must equal a fresh quote (else 3603 naming the new total). A
 * settlement_requests row is written, the bank is asked; when it accepts, in one transaction: one
 * EARLY_SETTLEMENT ledger line with the split, the open instalments SETTLED_EARLY, the service fee PAID, the
 * loan SETTLED. A refusal (or a bank that cannot be reached) answers status REFUSED with the reason.
 */
export async function earlySettle(
  ctx: AppContext,
  user: UserRow,
  body: EarlySettleRequest,
  meta: RequestMeta,
): Promise<EarlySettleResult> {
  let totalFen: number;
  try {
    totalFen = yuanToFen(body.total);
  } catch (error) {
    if (error instanceof MoneyError) throw new ApiError(RSP.INVALID_INPUT, `结清金额：${error.message}`);
    throw error;
  }
  const state = await ownLoan(ctx.db, user.id, body.loanId);
  const { loan } = state;
  assertRepaying(loan);
  const now = ctx.now();
  const quote = quoteOf(state, shanghaiToday(now));
  if (quote.totalFen !== totalFen) {
    throw new ApiError(
      RSP.QUOTE_CHANGED,
      `结清金额已变化，最新应还 ${fenToYuan(quote.totalFen)} 元，请确认新的金额后重新提交`,
    );
  }
  const [app] = await ctx.db
    .select({ bankRef: applications.bankRef })
    .from(applications)
    .where(eq(applications.id, loan.applicationId));
  const [request] = await ctx.db
    .insert(settlementRequests)
    .values({
      loanId: loan.id,
      userId: user.id,
      principalFen: quote.principalFen,
      interestFen: quote.interestFen,
      feeFen: quote.feeFen,
      penaltyFen: quote.penaltyFen,
      totalFen: quote.totalFen,
      asOfDate: quote.asOfDate,
      status: 'REQUESTED',
      requestedAt: now,
    })
    .returning({ id: settlementRequests.id });
  if (!request) throw new Error('settlement request not inserted');

  let answer: { ok: boolean; reason: string | null };
  try {
    answer = await ctx.banks[loan.bank as BankCode].settle(app?.bankRef ?? '', quote.totalFen, now);
  } catch (error) {
    ctx.log.warn({ err: error, loanId: loan.id }, 'bank settle failed');
    answer = { ok: false, reason: '合作机构暂时无法响应，请稍后重试' };
  }
  const detail = { loanId: loan.id, settlementRequestId: request.id, total: fenToYuan(quote.totalFen) };
  if (!answer.ok) {
    const reason = answer.reason || '合作机构未受理提前结清';
    await ctx.db
      .update(settlementRequests)
      .set({ status: 'REFUSED', reason, completedAt: now })
      .where(eq(settlementRequests.id, request.id));
    await recordAudit(ctx.db, {
      action: AUDIT.loanEarlySettleRefused,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail: { ...detail, reason },
    });
    return { status: 'REFUSED', reason, loan: loanView(loan, state.rows, state.fee) };
  }

  try {
    await applySettlement(ctx, user, meta, state, quote, request.id, detail);
  } catch (error) {
    // the loan changed while the bank answered (a collection ran, or a second confirmation won)
    if (error instanceof ApiError) {
      await ctx.db
        .update(settlementRequests)
        .set({ status: 'REFUSED', reason: error.rspDesc ?? error.rspCode, completedAt: now })
        .where(eq(settlementRequests.id, request.id));
    }
    throw error;
  }
  const after = await ownLoan(ctx.db, user.id, loan.id);
  return { status: 'SETTLED', reason: null, loan: loanView(after.loan, after.rows, after.fee) };
}

/**
 * The settlement's money and statuses, in one transaction with the loan row locked: the loan is read again and
 * the quote recomputed from it, so a collection that ran meanwhile cannot be paid twice (3603 then).
 */
async function applySettlement(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  { loan }: Pick<LoanState, 'loan'>,
  quote: QuoteFen,
  requestId: number,
  detail: Record<string, unknown>,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, loan.id), ne(loans.status, 'SETTLED')))
      .for('update');
    if (!locked) throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
    const current = await loanState(tx, locked);
    const fresh = quoteOf(current, quote.asOfDate);
    if (fresh.totalFen !== quote.totalFen) {
      throw new ApiError(
        RSP.QUOTE_CHANGED,
        `结清金额已变化，最新应还 ${fenToYuan(fresh.totalFen)} 元，请确认新的金额后重新提交`,
      );
    }
    await tx
      .update(loans)
      .set({ status: 'SETTLED', outstandingPrincipalFen: 0, settledAt: now, updatedAt: now })
      .where(eq(loans.id, loan.id));
    const today = quote.asOfDate;
    let accrued = quote.accruedFen;
    for (const r of current.rows.filter(isOpen)) {
      const isDue = r.dueDate <= today;
      const penalty = isDue ? penaltyAsOf(r, loan.annualRate, today) : r.penaltyFen;
      const interestNow = isDue ? r.interestFen : r.paidInterestFen + accrued;
      accrued = isDue ? accrued : 0;
      await tx
        .update(instalments)
        .set({
          status: 'SETTLED_EARLY',
          penaltyFen: penalty,
          paidPenaltyFen: penalty,
          paidPrincipalFen: r.principalFen,
          paidInterestFen: interestNow,
          paidFeeFen: isDue ? r.feeFen : r.paidFeeFen,
          paidAt: now,
        })
        .where(eq(instalments.id, r.id));
    }
    if (current.fee && current.fee.status === 'DUE') {
      await tx
        .update(serviceFees)
        .set({ status: 'PAID', paidAt: now })
        .where(eq(serviceFees.id, current.fee.id));
    }
    await tx.insert(ledgerTransactions).values({
      userId: user.id,
      loanId: loan.id,
      type: 'EARLY_SETTLEMENT',
      amountFen: -quote.totalFen,
      principalFen: -quote.principalFen,
      interestFen: -quote.interestFen,
      penaltyFen: -quote.penaltyFen,
      feeFen: -quote.feeFen,
      memo: `提前结清（计息至 ${quote.asOfDate}）`,
      occurredAt: now,
      createdAt: now,
    });
    await tx
      .update(settlementRequests)
      .set({ status: 'SETTLED', completedAt: now })
      .where(eq(settlementRequests.id, requestId));
    await recordAudit(tx, {
      action: AUDIT.loanEarlySettled,
      at: now,
      userId: user.id,
      loginId: user.loginId,
      meta,
      detail,
    });
  });
}
