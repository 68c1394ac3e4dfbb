import type { RspCode } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';

/** What a domain state table answers for one move: the new state, or the refusal with its rspCode and reason. */
type Decision<S> =
  | { readonly ok: true; readonly to: S }
  | { readonly ok: false; readonly code: RspCode; readonly reason: string };

/** One line of a record's timeline: which move, who made it, when and why. */
export interface TimelineEntry<S, E, A> {
  fromState: S | null;
  toState: S;
  event: E | 'CREATE';
  actor: A;
  actorRef: string | null;
  reason: string | null;
  ip: string | null;
  at: Date;
}

export interface TransitionOptions<Set> {
  now: Date;
  actorRef: string | null;
  reason?: string | null;
  ip?: string | null;
  /** further columns to set with the new state */
  set?: Set;
}

/** How one kind of record (its table, its state machine and its timeline table) changes state. */
export interface StateRecord<Row, S, E, A, Set> {
  decide(state: S, event: E, actor: A): Decision<S>;
  stateOf(row: Row): S;
  /** Writes the new state (with `set` and updatedAt) only while the row is still in the state it was read in. */
  updateIfUnchanged(tx: Database, row: Row, to: S, set: Set | undefined, now: Date): Promise<Row | undefined>;
  /** the refusal when another change got there first */
  moved: { code: RspCode; desc: string };
  log(tx: Database, row: Row, entry: TimelineEntry<S, E, A>): Promise<unknown>;
}

/**
 * The one way such a record changes state: the domain table decides (an illegal move is refused with its rspCode
 * and Chinese reason), the row is updated only if it is still in the state it was read in (two concurrent changes
 * cannot both apply: the loser gets `moved`), and the move is recorded on the timeline with who, when, why.
 * Call it inside a transaction and pass the transaction handle.
 */
export async function applyGuardedTransition<Row, S, E, A, Set>(
  record: StateRecord<Row, S, E, A, Set>,
  tx: Database,
  row: Row,
  event: E,
  actor: A,
  options: TransitionOptions<Set>,
): Promise<Row> {
  const from = record.stateOf(row);
  const result = record.decide(from, event, actor);
  if (!result.ok) throw new ApiError(result.code, result.reason);
  const updated = await record.updateIfUnchanged(tx, row, result.to, options.set, options.now);
  if (!updated) throw new ApiError(record.moved.code, record.moved.desc);
  await record.log(tx, row, {
    fromState: from,
    toState: result.to,
    event,
    actor,
    actorRef: options.actorRef,
    reason: options.reason ?? null,
    ip: options.ip ?? null,
    at: options.now,
  });
  return updated;
}

/** The first timeline entry of a new record (not a transition: there is no state before it). */
export async function recordCreation<Row, S, E, A, Set>(
  record: StateRecord<Row, S, E, A, Set>,
  tx: Database,
  row: Row,
  actor: A,
  options: { now: Date; actorRef: string | null; reason: string | null; ip?: string | null },
): Promise<void> {
  await record.log(tx, row, {
    fromState: null,
    toState: record.stateOf(row),
    event: 'CREATE',
    actor,
    actorRef: options.actorRef,
    reason: options.reason,
    ip: options.ip ?? null,
    at: options.now,
  });
}
