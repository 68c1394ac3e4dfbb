import { RSP } from '../api/rsp-codes.ts';
import { refusal, stateMachine, type Transition } from '../state-machine.ts';
import { ACTOR_LABELS, APPLICATION_EVENT_LABELS, APPLICATION_STATE_DISPLAY } from './application-labels.ts';
import {
  ACTORS,
  type Actor,
  APPLICATION_EVENTS,
  APPLICATION_STATES,
  type ApplicationEvent,
  type ApplicationState,
} from './application-types.ts';

/**
 * The one state machine of an application (docs/PRODUCT.md §10):
 * draft → submitted → under review → approved | rejected; approved → signed → disbursed (it becomes a loan).
 * Before the review ends the borrower may withdraw; after approval, until disbursement, the application may be
 * cancelled in advance (/loanMgr/advanceCancel), and an approval not signed in time expires. Every legal move
 * is one row here; anything else is refused.
 */
export const APPLICATION_TRANSITIONS: readonly Transition<ApplicationState, ApplicationEvent, Actor>[] = [
  { from: 'DRAFT', event: 'SUBMIT', to: 'SUBMITTED', actor: 'BORROWER' },
  { from: 'DRAFT', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'BORROWER' },
  { from: 'DRAFT', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'OPERATOR' },
  // The server starts the review once the bank has accepted the submission; a bank may also say so by callback.
  { from: 'SUBMITTED', event: 'START_REVIEW', to: 'UNDER_REVIEW', actor: 'SYSTEM' },
  { from: 'SUBMITTED', event: 'START_REVIEW', to: 'UNDER_REVIEW', actor: 'BANK' },
  { from: 'SUBMITTED', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'BORROWER' },
  { from: 'SUBMITTED', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'OPERATOR' },
  { from: 'UNDER_REVIEW', event: 'APPROVE', to: 'APPROVED', actor: 'BANK' },
  { from: 'UNDER_REVIEW', event: 'REJECT', to: 'REJECTED', actor: 'BANK' },
  { from: 'UNDER_REVIEW', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'BORROWER' },
  { from: 'UNDER_REVIEW', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'OPERATOR' },
  { from: 'APPROVED', event: 'SIGN', to: 'SIGNED', actor: 'BORROWER' },
  { from: 'APPROVED', event: 'CANCEL_IN_ADVANCE', to: 'CANCELLED', actor: 'BORROWER' },
  { from: 'APPROVED', event: 'CANCEL_IN_ADVANCE', to: 'CANCELLED', actor: 'OPERATOR' },
  { from: 'APPROVED', event: 'EXPIRE', to: 'CANCELLED', actor: 'SYSTEM' },
  { from: 'SIGNED', event: 'DISBURSE', to: 'DISBURSED', actor: 'BANK' },
  { from: 'SIGNED', event: 'CANCEL_IN_ADVANCE', to: 'CANCELLED', actor: 'BORROWER' },
  { from: 'SIGNED', event: 'CANCEL_IN_ADVANCE', to: 'CANCELLED', actor: 'OPERATOR' },
];

const APPLICATION_MACHINE = stateMachine({
  states: APPLICATION_STATES,
  events: APPLICATION_EVENTS,
  actors: ACTORS,
  transitions: APPLICATION_TRANSITIONS,
  stateDisplay: APPLICATION_STATE_DISPLAY,
  eventLabels: APPLICATION_EVENT_LABELS,
  actorLabels: ACTOR_LABELS,
  unknownReason: '未知的申请状态、操作或操作人',
  actorNotAllowed: RSP.ACTOR_NOT_ALLOWED,
  refuseMove: ({ state, label, action, terminal }) => {
    if (state === 'DISBURSED') return refusal(RSP.ALREADY_DISBURSED, `贷款已放款，无法${action}`);
    if (terminal) return refusal(RSP.APPLICATION_CLOSED, `申请已结束（${label}），无法${action}`);
    return refusal(RSP.STATE_NOT_ALLOWED, `当前状态为「${label}」，无法${action}`);
  },
});

const { rowsFrom } = APPLICATION_MACHINE;

/** True when nothing can happen to an application in this state any more. */
export const isTerminal = APPLICATION_MACHINE.isTerminal;

/** Applies an event: the next state, or a refusal with its rspCode and a Chinese reason (arguments checked). */
export const transition = APPLICATION_MACHINE.transition;

/** The events this actor may cause in this state, in table order (for the buttons a screen offers). */
export const allowedEvents = APPLICATION_MACHINE.allowedEvents;

export const TERMINAL_STATES: readonly ApplicationState[] = APPLICATION_STATES.filter(isTerminal);

/** Awaiting the bank's decision: submitted to it, or under its review. */
export const REVIEWING_STATES: readonly ApplicationState[] = ['SUBMITTED', 'UNDER_REVIEW'];

/** Approved and not yet disbursed (signed or not): the states an application may be cancelled in advance from. */
export const APPROVED_STATES: readonly ApplicationState[] = APPLICATION_STATES.filter((state) =>
  rowsFrom(state).some((t) => t.event === 'CANCEL_IN_ADVANCE'),
);

/** What ending an application early means: withdrawing before the review ends, cancelling after approval. */
const CANCEL_EVENTS: readonly ApplicationEvent[] = ['WITHDRAW', 'CANCEL_IN_ADVANCE'];

/**
 * The event the advance-cancel call (/loanMgr/advanceCancel) applies in this state for this actor: WITHDRAW
 * until the review ends, CANCEL_IN_ADVANCE from approval until disbursement; null when it cannot.
 */
export function cancelEventFor(state: ApplicationState, actor: Actor = 'BORROWER'): ApplicationEvent | null {
  const allowed = allowedEvents(state, actor);
  return CANCEL_EVENTS.find((event) => allowed.includes(event)) ?? null;
}

/** True while the borrower can still end the application before disbursement (withdraw or cancel). */
export function canCancelInAdvance(state: ApplicationState): boolean {
  return cancelEventFor(state) !== null;
}

/**
 * True while the next move is the partner bank's (its acceptance, its decision, the disbursement): a page showing
 * an application in such a state asks for it again until it leaves it. Read off the table: a state waits when the
 * bank has a row from it. APPROVED waits for the borrower (signing), the final states for nobody.
 */
export function awaitsPartner(state: ApplicationState): boolean {
  return rowsFrom(state).some((t) => t.actor === 'BANK');
}

/** SUBMITTED, UNDER_REVIEW and SIGNED: the states a page refreshes itself in. */
export const PARTNER_WAIT_STATES: readonly ApplicationState[] = APPLICATION_STATES.filter(awaitsPartner);

/** True while the bank's decision is still to come (it has yet to accept, approve or reject): SUBMITTED, UNDER_REVIEW. */
export function awaitsDecision(state: ApplicationState): boolean {
  return rowsFrom(state).some((t) => t.actor === 'BANK' && t.event !== 'DISBURSE');
}
