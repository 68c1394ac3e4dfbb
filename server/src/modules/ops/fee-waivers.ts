import {
  feeItemOwedFen,
  feeWaiverSubject,
  fenToYuan,
  MoneyError,
  penaltyWaiverSubject,
  RSP,
  yuanToFen,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type OpsRequestRow, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { normalizeLoginId } from '../auth/lockout.ts';
import { aboveOwed, applyWaiver, type WaiverTarget, waivableOf, waiverStanding } from '../loans/waivers.ts';
import { assertBorrowerInScope, borrowerNotFound, type ScopedOperator } from './data-scope.ts';
import { type ActingOperator, type CheckedBy, makeRequest, pendingOn } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

export interface WaiverInput {
  target: 'FEE' | 'PENALTY';
  feeItemId?: number | undefined;
  loanId?: number | undefined;
  seq?: number | undefined;
  /** yuan, at most two places */
  amount: string;
  reason: string;
}

async function borrowerByLogin(db: Database, operator: ScopedOperator, loginId: string) {
  const [user] = await db
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(eq(users.loginId, normalizeLoginId(loginId)))
    .limit(1);
  if (!user) throw borrowerNotFound();
  await assertBorrowerInScope(db, operator, user.id);
  return user;
}

const subjectOf = (target: WaiverTarget) =>
  target.kind === 'FEE'
    ? feeWaiverSubject(target.feeItemId)
    : penaltyWaiverSubject(target.loanId, target.seq);

/** 申请减免 in the borrower drawer: what the borrower owes now that may be waived, with any waiver already asked. */
export async function waivableForBorrower(ctx: Ctx, operator: ScopedOperator, loginId: string) {
  const user = await borrowerByLogin(ctx.db, operator, loginId);
  const { fees, penalties } = await waivableOf(ctx.db, user.id, ctx.now());
  const subjects = [
    ...fees.map((f) => feeWaiverSubject(f.id)),
    ...penalties.map((p) => penaltyWaiverSubject(p.row.loanId, p.row.seq)),
  ];
  const pending = await pendingOn(ctx.db, subjects, ctx.now());
  const asked = (subject: string) => {
    const line = pending.get(subject);
    return line ? { requestId: line.request.id, makerName: line.makerName } : null;
  };
  return {
    fees: fees.map((item) => ({
      feeItemId: item.id,
      loanId: item.loanId,
      seq: item.seq,
      kindLabel: item.kind === 'UPFRONT' ? '一次性服务费' : `第 ${item.seq} 期服务费`,
      dueDate: item.dueDate,
      amount: fenToYuan(item.amountFen),
      waived: fenToYuan(item.waivedFen),
      owed: fenToYuan(feeItemOwedFen(item)),
      pending: asked(feeWaiverSubject(item.id)),
    })),
    penalties: penalties.map(({ row, owedFen }) => ({
      loanId: row.loanId,
      seq: row.seq,
      dueDate: row.dueDate,
      paid: fenToYuan(row.paidPenaltyFen),
      waived: fenToYuan(row.waivedPenaltyFen),
      owed: fenToYuan(owedFen),
      pending: asked(penaltyWaiverSubject(row.loanId, row.seq)),
    })),
  };
}

function targetOf(input: WaiverInput): WaiverTarget {
  if (input.target === 'FEE') {
    if (!input.feeItemId) throw new ApiError(RSP.INVALID_INPUT, '请指明要减免的服务费项目');
    return { kind: 'FEE', feeItemId: input.feeItemId };
  }
  if (!input.loanId || !input.seq) throw new ApiError(RSP.INVALID_INPUT, '请指明要减免罚息的贷款和期次');
  return { kind: 'PENALTY', loanId: input.loanId, seq: input.seq };
}

function amountOf(text: string): number {
  try {
    const fen = yuanToFen(text.trim());
    if (fen <= 0) throw new ApiError(RSP.WAIVER_AMOUNT_INVALID);
    return fen;
  } catch (error) {
    if (error instanceof MoneyError) throw new ApiError(RSP.WAIVER_AMOUNT_INVALID);
    throw error;
  }
}

function reasonOf(text: string): string {
  const reason = text.trim();
  if (reason.length === 0 || reason.length > 200)
    throw new ApiError(RSP.INVALID_INPUT, '请填写减免原因（不超过 200 个字）');
  return reason;
}

/**
 * A waiver asked (the maker's, `fee.waive`): the item named, the amount (exact fen, > 0, at most what it owes now)
 * and the reason; a second operator with `refund.confirm` confirms it. One pending waiver per item (2310).
 */
export async function askWaiver(
  ctx: Ctx,
  maker: ActingOperator,
  input: WaiverInput,
  meta: RequestMeta | null,
) {
  const target = targetOf(input);
  const amountFen = amountOf(input.amount);
  const reason = reasonOf(input.reason);
  const standing = await waiverStanding(ctx.db, target, ctx.now());
  // an item of a borrower out of the maker's data scope answers as one that does not exist
  await assertBorrowerInScope(ctx.db, maker, standing.userId, () => new ApiError(RSP.WAIVER_ITEM_NOT_FOUND));
  if (amountFen > standing.owedFen) {
    throw standing.owedFen === 0
      ? new ApiError(RSP.WAIVER_ABOVE_OWED, '该款项当前没有欠款，无需减免')
      : aboveOwed(amountFen, standing.owedFen);
  }
  const [user] = await ctx.db
    .select({ loginId: users.loginId })
    .from(users)
    .where(eq(users.id, standing.userId));
  const row = await makeRequest(
    ctx,
    maker,
    {
      kind: target.kind === 'FEE' ? 'fee.waive' : 'penalty.waive',
      subject: subjectOf(target),
      payload: {
        ...target,
        loanId: standing.loanId,
        seq: standing.seq,
        userId: standing.userId,
        loginId: user?.loginId ?? null,
        amountFen,
        owedFen: standing.owedFen,
        reason,
      },
    },
    meta,
  );
  return { requestId: row.id, state: row.state };
}

const num = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

function targetOfPayload(payload: Record<string, unknown>): WaiverTarget {
  return payload.kind === 'FEE'
    ? { kind: 'FEE', feeItemId: num(payload.feeItemId) }
    : { kind: 'PENALTY', loanId: num(payload.loanId), seq: num(payload.seq) };
}

/** A confirmed waiver, done through the one writer; audited on the borrower with the figures before and after. */
async function applyConfirmedWaiver(db: Database, row: OpsRequestRow, by: CheckedBy): Promise<void> {
  const amountFen = num(row.payload.amountFen);
  const applied = await applyWaiver(db, targetOfPayload(row.payload), amountFen, by.now);
  await recordAudit(db, {
    action: AUDIT.opsWaiverApplied,
    at: by.now,
    userId: applied.userId,
    operatorId: by.checker.id,
    loginId: by.checker.loginId,
    detail: {
      requestId: row.id,
      kind: row.kind,
      subject: row.subject,
      loanId: applied.loanId,
      seq: applied.seq,
      amountFen,
      changes: { owedFen: { before: applied.beforeFen, after: applied.afterFen } },
      maker: by.makerLoginId,
      checker: by.checker.loginId,
      reason: row.payload.reason,
    },
  });
}

export const WAIVER_ACTS = {
  'fee.waive': applyConfirmedWaiver,
  'penalty.waive': applyConfirmedWaiver,
};
