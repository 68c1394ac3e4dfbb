import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { type PartnerCallRow, partnerCalls } from '../../db/schema.ts';
import { bankCancel, bankContractSigned, bankSubmit } from '../applications/bank-calls.ts';
import { reconcileApplications } from '../applications/reconcile.ts';
import { bankSettle } from '../loans/settle-call.ts';
import { moveCall } from '../partner-calls/claims.ts';
import {
  attemptCall,
  type CallOutcome,
  type PartnerCallContext,
  type PartnerOperation,
} from '../partner-calls/run.ts';
import { GATEWAY_OPERATIONS } from '../payments/gateway-calls.ts';
import { bankOpenSubAccount } from '../receiving-account/open.ts';
import { bankSmallDeposit } from '../receiving-account/settlement.ts';

/**
 * Reconciliation of every partner call, above the modules that make them (applications, loans, payments, the
 * receiving account): they use partner-calls to claim and run their calls; only this module knows them all.
 */

/** How long a claim may stay open, given back or with its lease run out, before reconciliation asks again. */
export const PARTNER_CALL_RECONCILE_AFTER_MS = 60_000;

/** Every kind of partner call, by operation: reconciliation finishes any of them from the claim alone. */
const PARTNER_OPERATIONS: Readonly<Record<string, PartnerOperation<never>>> = Object.fromEntries(
  [
    bankSubmit,
    bankCancel,
    bankContractSigned,
    bankSettle,
    bankOpenSubAccount,
    bankSmallDeposit,
    ...GATEWAY_OPERATIONS,
  ].map((op) => [op.operation, op]),
);

/**
 * Claims left open (a crash, a time-out or an error between claim and answer) for longer than
 * PARTNER_CALL_RECONCILE_AFTER_MS and not held by a caller any more: each is taken over (one taker, the claim's
 * still-in-the-attempt-I-read check) and the partner asked again with the SAME idempotency key, so it answers
 * what it answered before and does nothing twice; the answer is applied and the claim closed. Never a fresh
 * call. Returns how many claims were closed.
 */
export async function reconcilePartnerCalls(
  ctx: PartnerCallContext,
  budget?: AbortSignal,
  limit = 50,
): Promise<number> {
  const now = ctx.now();
  const open = await ctx.db
    .select()
    .from(partnerCalls)
    .where(
      and(
        eq(partnerCalls.state, 'OPEN'),
        lte(partnerCalls.leaseUntil, now),
        lt(partnerCalls.updatedAt, new Date(now.getTime() - PARTNER_CALL_RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(partnerCalls.leaseUntil))
    .limit(limit);
  let closed = 0;
  for (const call of open) {
    if (budget?.aborted) break;
    const outcome = await finishOpenCall(ctx, call);
    if (outcome?.status === 'ANSWERED') closed += 1;
  }
  return closed;
}

/**
 * One open claim taken over (one taker) and its partner asked again with the SAME idempotency key; the answer is
 * applied. Null when another taker came first or the operation is unknown. The reconciliation above and an
 * operator's 立即重试 in the console both go through here.
 */
export async function finishOpenCall(
  ctx: PartnerCallContext,
  call: PartnerCallRow,
): Promise<CallOutcome | null> {
  const op = PARTNER_OPERATIONS[call.operation];
  if (!op) {
    ctx.log.warn({ callId: call.id, operation: call.operation }, 'open partner call of an unknown operation');
    return null;
  }
  const taken = await ctx.db.transaction((tx) => moveCall(tx, call, 'TAKE_OVER', { now: ctx.now() }));
  if (!taken) return null;
  return attemptCall(ctx, op, taken);
}

/** The reconciliation job: claims left open finished first, then decisions the banks' callbacks lost. */
export async function reconcileAll(
  ctx: PartnerCallContext,
  budget?: AbortSignal,
): Promise<{ closedCalls: number; changed: number }> {
  const closedCalls = await reconcilePartnerCalls(ctx, budget);
  return { closedCalls, changed: await reconcileApplications(ctx, budget) };
}
