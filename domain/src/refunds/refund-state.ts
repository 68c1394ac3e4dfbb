import { RSP, type RspCode } from '../api/rsp-codes.ts';
import { REFUND_ACTOR_LABELS, REFUND_EVENT_LABELS, REFUND_STATE_DISPLAY } from './refund-labels.ts';
import {
  isRefundActor,
  isRefundEvent,
  isRefundState,
  REFUND_STATES,
  type RefundActor,
  type RefundEvent,
  type RefundState,
} from './refund-types.ts';

/**
 * The one state machine of a refund application: submitted → approved (by an operator or the sandbox rule) →
 * refunding (the gateway's refund call made) → refunded (its notify confirmed), or rejected with a reason, or
 * cancelled by the borrower before the review. Every legal move is one row here; anything else is refused.
 */
export interface RefundTransition {
  readonly from: RefundState;
  readonly event: RefundEvent;
  readonly to: RefundState;
  readonly actor: RefundActor;
}

export const REFUND_TRANSITIONS: readonly RefundTransition[] = [
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
];

export type RefundTransitionResult =
  | { readonly ok: true; readonly to: RefundState }
  | { readonly ok: false; readonly code: RspCode; readonly reason: string };

function refuse(code: RspCode, reason: string): RefundTransitionResult {
  return { ok: false, code, reason };
}

function rowsFrom(state: RefundState): readonly RefundTransition[] {
  return REFUND_TRANSITIONS.filter((t) => t.from === state);
}

/** True when nothing can happen to a refund in this state any more. */
export function isRefundTerminal(state: RefundState): boolean {
  return rowsFrom(state).length === 0;
}

export const REFUND_TERMINAL_STATES: readonly RefundState[] = REFUND_STATES.filter(isRefundTerminal);

/** The states of a refund still under way: one of them per payment at most (their amounts are pending). */
export const REFUND_OPEN_STATES: readonly RefundState[] = REFUND_STATES.filter((s) => !isRefundTerminal(s));

/** States in which the review has been made (the borrower can no longer cancel). */
const REVIEWED: readonly RefundState[] = ['APPROVED', 'REFUNDING', 'REFUNDED', 'REJECTED'];

/**
 * Applies an event: the next state, or a refusal with its rspCode and a Chinese reason. Arguments are checked
 * at run time too, so values read from a request or a database row may be passed as they are.
 */
export function refundTransition(
  state: RefundState,
  event: RefundEvent,
  actor: RefundActor,
): RefundTransitionResult {
  if (!isRefundState(state) || !isRefundEvent(event) || !isRefundActor(actor)) {
    return refuse(RSP.INVALID_INPUT, '未知的退款状态、操作或操作人');
  }
  const rows = rowsFrom(state).filter((t) => t.event === event);
  const row = rows.find((t) => t.actor === actor);
  if (row) return { ok: true, to: row.to };
  const action = REFUND_EVENT_LABELS[event];
  const { label } = REFUND_STATE_DISPLAY[state];
  if (rows.length > 0) {
    return refuse(RSP.REFUND_ACTOR_NOT_ALLOWED, `${REFUND_ACTOR_LABELS[actor]}无权执行「${action}」`);
  }
  if (event === 'CANCEL' && REVIEWED.includes(state)) {
    return refuse(RSP.REFUND_ALREADY_REVIEWED, `退款申请已审核（${label}），无法${action}`);
  }
  if (isRefundTerminal(state)) return refuse(RSP.REFUND_CLOSED, `退款申请已结束（${label}），无法${action}`);
  return refuse(RSP.REFUND_STATE_NOT_ALLOWED, `退款申请当前为「${label}」，无法${action}`);
}

/** The events this actor may cause in this state, in table order. */
export function allowedRefundEvents(state: RefundState, actor: RefundActor): RefundEvent[] {
  return [...new Set(rowsFrom(state).flatMap((t) => (t.actor === actor ? [t.event] : [])))];
}

/** True while the borrower may still cancel (before the review). */
export function canCancelRefund(state: RefundState): boolean {
  return allowedRefundEvents(state, 'BORROWER').includes('CANCEL');
}
