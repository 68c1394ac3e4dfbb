import { and, count, eq, lte, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type PartnerCallRow, partnerCallEvents, partnerCalls } from '../../db/schema.ts';
import { workTrace } from '../../lib/work-scope.ts';
import { type PartnerCallEvent, partnerCallTransition } from './call-state.ts';

/**
 * How long the request that holds a claim is presumed to be waiting for the partner (a real adapter's own time-out
 * must be shorter); after it, another request or reconciliation may take the claim over, same key.
 */
export const CALL_LEASE_MS = 2 * 60_000;

/** What a claim is about: one active claim per (partner, operation, subject). */
export interface ClaimSpec {
  partner: string;
  operation: string;
  subject: string;
  /** what the partner is asked and the answer applied with (also by reconciliation): JSON */
  payload: Record<string, unknown>;
}

export type ClaimResult = { won: true; call: PartnerCallRow } | { won: false; call: PartnerCallRow | null };

/** The claims of this (partner, operation, subject), whatever their state. */
function sameSubject(spec: Pick<ClaimSpec, 'partner' | 'operation' | 'subject'>): SQL[] {
  return [
    eq(partnerCalls.partner, spec.partner),
    eq(partnerCalls.operation, spec.operation),
    eq(partnerCalls.subject, spec.subject),
  ];
}

/** The claim of this (partner, operation, subject) that is not REFUSED, if any. */
export async function activeCall(
  db: Database,
  spec: Pick<ClaimSpec, 'partner' | 'operation' | 'subject'>,
): Promise<PartnerCallRow | null> {
  const [row] = await db
    .select()
    .from(partnerCalls)
    .where(and(...sameSubject(spec), ne(partnerCalls.state, 'REFUSED')))
    .limit(1);
  return row ?? null;
}

/** The idempotency key of the n-th claim of a subject's operation: the same on every attempt of that claim. */
export function idempotencyKeyOf(spec: Pick<ClaimSpec, 'operation' | 'subject'>, n: number): string {
  return `${spec.operation}.${spec.subject}.${n}`;
}

/**
 * Claims (partner, operation, subject) in the database before anybody calls: inserts the OPEN row with its
 * idempotency key, held for CALL_LEASE_MS; the unique index on the active claim lets exactly one concurrent
 * request in. The others get the claim that is there (won: false). Pass a transaction to claim together with
 * other rows (the settlement request).
 */
export async function claimCall(db: Database, spec: ClaimSpec, now: Date): Promise<ClaimResult> {
  for (let round = 0; round < 3; round += 1) {
    const active = await activeCall(db, spec);
    if (active) return { won: false, call: active };
    const [earlier] = await db
      .select({ n: count() })
      .from(partnerCalls)
      .where(and(...sameSubject(spec)));
    const [row] = await db
      .insert(partnerCalls)
      .values({
        partner: spec.partner,
        operation: spec.operation,
        subject: spec.subject,
        idempotencyKey: idempotencyKeyOf(spec, Number(earlier?.n ?? 0) + 1),
        state: 'OPEN',
        payload: spec.payload,
        attempts: 1,
        leaseUntil: new Date(now.getTime() + CALL_LEASE_MS),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      // the request (or job run) that made the claim, kept with its CLAIM move
      await recordMove(db, row, null, 'CLAIM', now, workTrace());
      return { won: true, call: row };
    }
  }
  return { won: false, call: await activeCall(db, spec) };
}

export interface MoveOptions {
  now: Date;
  /** FAIL: why the attempt got no answer */
  error?: string;
  /** SUCCEED / REFUSE: the partner's answer as recorded */
  answer?: Record<string, unknown>;
}

/**
 * THE one way a claim changes after it was made: the table in call-state.ts decides, the row is updated only if
 * it is still as it was read (state, attempt and lease; TAKE_OVER also only once the lease has run out), and the
 * move is recorded in partner_call_events. Returns the new row, or null when another request moved it first.
 * Call it inside a transaction.
 */
export async function moveCall(
  tx: Database,
  call: PartnerCallRow,
  event: Exclude<PartnerCallEvent, 'CLAIM'>,
  options: MoveOptions,
): Promise<PartnerCallRow | null> {
  const to = partnerCallTransition(call.state, event);
  if (!to) throw new Error(`partner call ${call.id}: ${event} is not a move from ${call.state}`);
  const { now } = options;
  const attempts = event === 'TAKE_OVER' ? call.attempts + 1 : call.attempts;
  const set: Partial<PartnerCallRow> =
    event === 'TAKE_OVER'
      ? { leaseUntil: new Date(now.getTime() + CALL_LEASE_MS) }
      : event === 'FAIL'
        ? { leaseUntil: now, lastError: (options.error ?? '').slice(0, 500) || null }
        : { answer: options.answer ?? {}, answeredAt: now };
  const [updated] = await tx
    .update(partnerCalls)
    .set({ ...set, state: to, attempts, updatedAt: now })
    .where(
      and(
        eq(partnerCalls.id, call.id),
        eq(partnerCalls.state, call.state),
        eq(partnerCalls.attempts, call.attempts),
        eq(partnerCalls.leaseUntil, call.leaseUntil),
        ...(event === 'TAKE_OVER' ? [lte(partnerCalls.leaseUntil, now)] : []),
      ),
    )
    .returning();
  if (!updated) return null;
  const detail =
    event === 'FAIL' ? { error: updated.lastError } : event === 'TAKE_OVER' ? workTrace() : updated.answer;
  await recordMove(tx, updated, call.state, event, now, detail);
  return updated;
}

async function recordMove(
  tx: Database,
  call: PartnerCallRow,
  fromState: string | null,
  event: PartnerCallEvent,
  at: Date,
  detail: Record<string, unknown> | null,
): Promise<void> {
  await tx.insert(partnerCallEvents).values({
    callId: call.id,
    fromState,
    toState: call.state,
    event,
    attempt: call.attempts,
    detail,
    at,
  });
}

/**
 * Where a claim was made, as its CLAIM move recorded it: `{ originRequestId }` for a request, `{ originRunId }` for
 * a job run, empty when unknown (claims made before ids were kept). Logged by whoever asks the partner later.
 */
export async function claimOrigin(
  db: Database,
  callId: number,
): Promise<{ originRequestId: string } | { originRunId: string } | Record<string, never>> {
  const [claim] = await db
    .select({ detail: partnerCallEvents.detail })
    .from(partnerCallEvents)
    .where(and(eq(partnerCallEvents.callId, callId), eq(partnerCallEvents.event, 'CLAIM')))
    .limit(1);
  return originOf(claim?.detail ?? null);
}

/** A trace as kept with a move (lib/work-scope.ts workTrace), as the origin fields of a log line. */
export function originOf(
  trace: Record<string, unknown> | null,
): { originRequestId: string } | { originRunId: string } | Record<string, never> {
  if (typeof trace?.requestId === 'string') return { originRequestId: trace.requestId };
  if (typeof trace?.runId === 'string') return { originRunId: trace.runId };
  return {};
}

/** A claim as it stands now. */
export async function callById(db: Database, id: number): Promise<PartnerCallRow | null> {
  const [row] = await db.select().from(partnerCalls).where(eq(partnerCalls.id, id)).limit(1);
  return row ?? null;
}
