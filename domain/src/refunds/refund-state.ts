import { RSP } from '../api/rsp-codes.ts';
import { refusal, stateMachine, type Transition } from '../state-machine.ts';
import { REFUND_ACTOR_LABELS, REFUND_EVENT_LABELS, REFUND_STATE_DISPLAY } from './refund-labels.ts';
import {
  REFUND_ACTORS,
  REFUND_EVENTS,
  REFUND_STATES,
  type RefundActor,
  type RefundEvent,
  type RefundState,
} from './refund-types.ts';

/**
 * The one state machine of a refund application: submitted → approved (by an operator or the sandbox rule) →
 * refunding (the gateway's refund call made) → refunded (its notify confirmed), or rejected with a reason, or
 * cancelled by the borrower before the review. A refund the gateway refuses (its answer or a FAILED notify) is
 * failed: its money no longer pending, sent again (the job with backoff, or an operator), or closed by an
 * operator with a reason. Every legal move is one row here; anything else is refused.
 */
export const REFUND_TRANSITIONS: readonly Transition<RefundState, RefundEvent, RefundActor>[] = [
  { from: 'SUBMITTED', event: 'APPROVE', to: 'APPROVED', actor: 'OPERATOR' },
  // the sandbox review rule, and the refunds the server files itself
  { from: 'SUBMITTED', event: 'APPROVE', to: 'APPROVED', actor: 'SYSTEM' },
  { from: 'SUBMITTED', event: 'REJECT', to: 'REJECTED', actor: 'OPERATOR' },
  { from: 'SUBMITTED', event: 'REJECT', to: 'REJECTED', actor: 'SYSTEM' },
  { from: 'SUBMITTED', event: 'CANCEL', to: 'CANCELLED', actor: 'BORROWER' },
  { from: 'APPROVED', event: 'START_REFUND', to: 'REFUNDING', actor: 'SYSTEM' },
  { from: 'REFUNDING', event: 'CONFIRM', to: 'REFUNDED', actor: 'GATEWAY' },
  // reconciliation found the refund done at the gateway before its notify arrived
  { from: 'REFUNDING', event: 'CONFIRM', to: 'REFUNDED', actor: 'SYSTEM' },
  // the gateway refused the refund call, or its notify said the refund failed
  { from: 'REFUNDING', event: 'FAIL', to: 'FAILED', actor: 'GATEWAY' },
  { from: 'REFUNDING', event: 'FAIL', to: 'FAILED', actor: 'SYSTEM' },
  // sent again: by the refund job (a bounded number of times, with backoff) or by an operator
  { from: 'FAILED', event: 'RETRY', to: 'REFUNDING', actor: 'SYSTEM' },
  { from: 'FAILED', event: 'RETRY', to: 'REFUNDING', actor: 'OPERATOR' },
  { from: 'FAILED', event: 'CLOSE', to: 'CLOSED', actor: 'OPERATOR' },
];

/** States in which the review has been made (the borrower can no longer cancel). */
const REVIEWED: readonly RefundState[] = [
  'APPROVED',
  'REFUNDING',
  'REFUNDED',
  'REJECTED',
  'FAILED',
  'CLOSED',
];

const REFUND_MACHINE = stateMachine({
  states: REFUND_STATES,
  events: REFUND_EVENTS,
  actors: REFUND_ACTORS,
  transitions: REFUND_TRANSITIONS,
  stateDisplay: REFUND_STATE_DISPLAY,
  eventLabels: REFUND_EVENT_LABELS,
  actorLabels: REFUND_ACTOR_LABELS,
  unknownReason: '未知的退款状态、操作或操作人',
  actorNotAllowed: RSP.REFUND_ACTOR_NOT_ALLOWED,
  refuseMove: ({ state, event, label, action, terminal }) => {
    if (event === 'CANCEL' && REVIEWED.includes(state)) {
      return refusal(RSP.REFUND_ALREADY_REVIEWED, `退款申请已审核（${label}），无法${action}`);
    }
    if (terminal) return refusal(RSP.REFUND_CLOSED, `退款申请已结束（${label}），无法${action}`);
    return refusal(RSP.REFUND_STATE_NOT_ALLOWED, `退款申请当前为「${label}」，无法${action}`);
  },
});

/** True when nothing can happen to a refund in this state any more. */
export const isRefundTerminal = REFUND_MACHINE.isTerminal;

/** Applies an event: the next state, or a refusal with its rspCode and a Chinese reason (arguments checked). */
export const refundTransition = REFUND_MACHINE.transition;

/** The events this actor may cause in this state, in table order. */
export const allowedRefundEvents = REFUND_MACHINE.allowedEvents;

export const REFUND_TERMINAL_STATES: readonly RefundState[] = REFUND_STATES.filter(isRefundTerminal);

/**
 * The states of a refund still under way: one of them per payment at most (their amounts are pending). A
 * failed refund is not under way: its money is free until it is sent again.
 */
export const REFUND_OPEN_STATES: readonly RefundState[] = REFUND_STATES.filter(
  (s) => !isRefundTerminal(s) && s !== 'FAILED',
);

/** True while the borrower may still cancel (before the review). */
export function canCancelRefund(state: RefundState): boolean {
  return allowedRefundEvents(state, 'BORROWER').includes('CANCEL');
}
