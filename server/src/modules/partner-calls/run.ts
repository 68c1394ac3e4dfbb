import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { PartnerCallRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { workTrace } from '../../lib/work-scope.ts';
import { type ClaimSpec, callById, claimCall, claimOrigin, moveCall, originOf } from './claims.ts';

/** the gateway is there for the payment calls, the config for sealed values (reconciliation passes what it has) */
export type PartnerCallContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log'> &
  Partial<Pick<AppContext, 'gateway' | 'config'>>;

/** A partner's answer: accepted or not, why not, and what else it said (e.g. the bankRef). */
export interface PartnerAnswer {
  accepted: boolean;
  reason: string | null;
  result: Record<string, unknown>;
}

/**
 * One kind of call that changes something at a partner (bank submit, cancel, contract signed, settle; later
 * payments and refunds). `call` asks the partner with the claim's idempotency key; `apply` makes the answer's
 * effect on the subject, in the transaction that records the answer, so the claim is closed exactly when the
 * effect is written. Both work from the claim's stored payload alone: reconciliation runs them too.
 */
export interface PartnerOperation<P = Record<string, unknown>> {
  readonly operation: string;
  call(ctx: PartnerCallContext, claim: { partner: string; payload: P; key: string }): Promise<PartnerAnswer>;
  /** the effect of the answer; returns a note when it could not be made (recorded on the claim) */
  apply(
    tx: Database,
    ctx: PartnerCallContext,
    payload: P,
    answer: PartnerAnswer,
    now: Date,
  ): Promise<string | null>;
}

export type CallOutcome =
  /** this request asked; the answer is recorded and applied (note: why its effect could not be made) */
  | { status: 'ANSWERED'; call: PartnerCallRow; answer: PartnerAnswer; note: string | null }
  /** this request asked and got no answer: the claim stays open (a retry or reconciliation asks again, same key) */
  | { status: 'UNANSWERED'; call: PartnerCallRow; error: string }
  /** another request holds the claim and is waiting for the partner */
  | { status: 'IN_PROGRESS'; call: PartnerCallRow }
  /** the claim was answered before (SUCCEEDED): nothing to do */
  | { status: 'ANSWERED_BEFORE'; call: PartnerCallRow };

class LostClaim extends Error {}

/**
 * The pattern, written once: claim in the database first, and only the request that won the claim calls the
 * partner (with the claim's idempotency key) and records the answer. Another request finds the claim: answered
 * before, in progress, or given back by an attempt that got no answer, which it takes over and asks again
 * with the same key.
 */
export async function runPartnerCall<P extends Record<string, unknown>>(
  ctx: PartnerCallContext,
  op: PartnerOperation<P>,
  spec: Omit<ClaimSpec, 'operation' | 'payload'> & { payload: P },
): Promise<CallOutcome> {
  const claimed = await ctx.db.transaction((tx) =>
    claimCall(tx, { ...spec, operation: op.operation }, ctx.now()),
  );
  if (claimed.won) return attemptCall(ctx, op, claimed.call);
  if (!claimed.call) throw new Error(`partner call ${op.operation} ${spec.subject}: no claim and none won`);
  return resumeCall(ctx, op, claimed.call);
}

/** A claim somebody else made: answered before, still held, or given back (then taken over and asked again). */
export async function resumeCall<P>(
  ctx: PartnerCallContext,
  op: PartnerOperation<P>,
  call: PartnerCallRow,
): Promise<CallOutcome> {
  if (call.state !== 'OPEN') return { status: 'ANSWERED_BEFORE', call };
  const now = ctx.now();
  if (call.leaseUntil.getTime() > now.getTime()) return { status: 'IN_PROGRESS', call };
  const taken = await ctx.db.transaction((tx) => moveCall(tx, call, 'TAKE_OVER', { now }));
  if (!taken) return afterLoss(ctx, call);
  return attemptCall(ctx, op, taken);
}

async function afterLoss(ctx: PartnerCallContext, call: PartnerCallRow): Promise<CallOutcome> {
  const current = (await callById(ctx.db, call.id)) ?? call;
  return current.state === 'OPEN'
    ? { status: 'IN_PROGRESS', call: current }
    : { status: 'ANSWERED_BEFORE', call: current };
}

/**
 * Asks the partner for a claim this request holds, then, in one transaction, applies the answer's effect and
 * closes the claim (still in the attempt it was read in: a late answer after a take-over changes nothing). No
 * answer (a throw): the claim is given back, still open.
 */
export async function attemptCall<P>(
  ctx: PartnerCallContext,
  op: PartnerOperation<P>,
  call: PartnerCallRow,
): Promise<CallOutcome> {
  // the request that claimed the call: this one on the first attempt, else as its CLAIM move recorded it
  const origin = call.attempts === 1 ? originOf(workTrace()) : await claimOrigin(ctx.db, call.id);
  const line = { callId: call.id, partner: call.partner, operation: call.operation, ...origin };
  ctx.log.info({ ...line, subject: call.subject, attempt: call.attempts }, 'partner call sent');
  let answer: PartnerAnswer;
  try {
    answer = await op.call(ctx, {
      partner: call.partner,
      payload: call.payload as P,
      key: call.idempotencyKey,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn(
      { ...line, subject: call.subject, reason },
      'partner call got no answer; the claim stays open',
    );
    const failed = await ctx.db.transaction((tx) =>
      moveCall(tx, call, 'FAIL', { now: ctx.now(), error: reason }),
    );
    return { status: 'UNANSWERED', call: failed ?? call, error: reason };
  }
  const now = ctx.now();
  const close = (withEffect: boolean, failedNote: string | null) =>
    ctx.db.transaction(async (tx) => {
      const note = withEffect ? await op.apply(tx, ctx, call.payload as P, answer, now) : failedNote;
      const closed = await moveCall(tx, call, answer.accepted ? 'SUCCEED' : 'REFUSE', {
        now,
        answer: { ...answer.result, accepted: answer.accepted, reason: answer.reason, note },
      });
      if (!closed) throw new LostClaim();
      return { closed, note };
    });
  try {
    let done: { closed: PartnerCallRow; note: string | null };
    try {
      done = await close(true, null);
    } catch (error) {
      // the subject moved meanwhile: the answer is still recorded, with why its effect was not made
      if (!(error instanceof ApiError)) throw error;
      done = await close(false, error.rspDesc ?? error.rspCode);
    }
    if (done.note) {
      ctx.log.warn({ ...line, note: done.note }, 'partner answer not applied');
    }
    return { status: 'ANSWERED', call: done.closed, answer, note: done.note };
  } catch (error) {
    if (error instanceof LostClaim) return afterLoss(ctx, call);
    throw error;
  }
}
