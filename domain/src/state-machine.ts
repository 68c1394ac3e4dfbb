import { RSP, type RspCode } from './api/rsp-codes.ts';
import { oneOf } from './one-of.ts';

/** One legal move of a state machine: in state `from`, `event` caused by `actor` leads to `to`. */
export interface Transition<S extends string, E extends string, A extends string> {
  readonly from: S;
  readonly event: E;
  readonly to: S;
  readonly actor: A;
}

export interface Refusal {
  readonly ok: false;
  readonly code: RspCode;
  readonly reason: string;
}

export type TransitionResult<S extends string> = { readonly ok: true; readonly to: S } | Refusal;

export function refusal(code: RspCode, reason: string): Refusal {
  return { ok: false, code, reason };
}

/** A move that no row allows from its state, as a refusal may speak of it. */
export interface RefusedMove<S extends string, E extends string> {
  readonly state: S;
  readonly event: E;
  /** The state's label and the event as the action a person would name. */
  readonly label: string;
  readonly action: string;
  /** True when nothing can happen in this state any more. */
  readonly terminal: boolean;
}

export interface MachineSpec<S extends string, E extends string, A extends string> {
  readonly states: readonly S[];
  readonly events: readonly E[];
  readonly actors: readonly A[];
  /** Every legal move, one row each; anything else is refused. */
  readonly transitions: readonly Transition<S, E, A>[];
  readonly stateDisplay: Readonly<Record<S, { readonly label: string }>>;
  readonly eventLabels: Readonly<Record<E, string>>;
  readonly actorLabels: Readonly<Record<A, string>>;
  /** The reason given (with 1001) for a state, event or actor that is none of this machine's. */
  readonly unknownReason: string;
  /** The code when the move exists from this state but another actor makes it. */
  readonly actorNotAllowed: RspCode;
  /** The refusal of an event that no row takes from this state. */
  readonly refuseMove: (move: RefusedMove<S, E>) => Refusal;
}

export interface StateMachine<S extends string, E extends string, A extends string> {
  /** The rows leaving this state, in table order. */
  readonly rowsFrom: (state: S) => readonly Transition<S, E, A>[];
  /** True when nothing can happen in this state any more. */
  readonly isTerminal: (state: S) => boolean;
  /** The events this actor may cause in this state, in table order (for the buttons a screen offers). */
  readonly allowedEvents: (state: S, actor: A) => E[];
  /**
   * Applies an event: the next state, or a refusal with its rspCode and a Chinese reason. Arguments are checked
   * at run time too, so values read from a request or a database row may be passed as they are.
   */
  readonly transition: (state: S, event: E, actor: A) => TransitionResult<S>;
}

/** A state machine read off its transition table. */
export function stateMachine<S extends string, E extends string, A extends string>(
  spec: MachineSpec<S, E, A>,
): StateMachine<S, E, A> {
  const isState = oneOf(spec.states);
  const isEvent = oneOf(spec.events);
  const isActor = oneOf(spec.actors);
  const rowsFrom = (state: S) => spec.transitions.filter((t) => t.from === state);
  const isTerminal = (state: S) => rowsFrom(state).length === 0;
  return {
    rowsFrom,
    isTerminal,
    allowedEvents: (state, actor) => [
      ...new Set(rowsFrom(state).flatMap((t) => (t.actor === actor ? [t.event] : []))),
    ],
    transition: (state, event, actor) => {
      if (!isState(state) || !isEvent(event) || !isActor(actor)) {
        return refusal(RSP.INVALID_INPUT, spec.unknownReason);
      }
      const rows = rowsFrom(state).filter((t) => t.event === event);
      const row = rows.find((t) => t.actor === actor);
      if (row) return { ok: true, to: row.to };
      const action = spec.eventLabels[event];
      if (rows.length > 0)
        return refusal(spec.actorNotAllowed, `${spec.actorLabels[actor]}无权执行「${action}」`);
      const { label } = spec.stateDisplay[state];
      return spec.refuseMove({ state, event, label, action, terminal: isTerminal(state) });
    },
  };
}
