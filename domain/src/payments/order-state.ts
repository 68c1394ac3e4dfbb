import { oneOf } from '../one-of.ts';

/**
 * The one state machine of a payment order: CREATED (waiting at the cashier) → PAID (the gateway confirmed the
 * money) or CLOSED (unpaid after PAYMENT_ORDER_TTL_MS, closed by the borrower, or replaced by a new attempt for
 * the same items). Every legal move is one row here; anything else is refused.
 */
export const PAYMENT_ORDER_STATES = ['CREATED', 'PAID', 'CLOSED'] as const;
export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

export const PAYMENT_ORDER_EVENTS = ['PAY', 'CLOSE'] as const;
export type PaymentOrderEvent = (typeof PAYMENT_ORDER_EVENTS)[number];

export const CLOSE_REASONS = ['EXPIRED', 'BY_BORROWER', 'REPLACED'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export interface PaymentOrderTransition {
  readonly from: PaymentOrderState;
  readonly event: PaymentOrderEvent;
  readonly to: PaymentOrderState;
}

export const PAYMENT_ORDER_TRANSITIONS: readonly PaymentOrderTransition[] = [
  // the gateway's notify (or a query by reconciliation) says the money arrived
  { from: 'CREATED', event: 'PAY', to: 'PAID' },
  // unpaid after 30 minutes, closed by the borrower, or replaced by a new attempt for the same items
  { from: 'CREATED', event: 'CLOSE', to: 'CLOSED' },
];

export const isPaymentOrderState = oneOf(PAYMENT_ORDER_STATES);
export const isCloseReason = oneOf(CLOSE_REASONS);

/** The next state of an order, or null when the move is not legal (row values may be passed as they are). */
export function paymentOrderTransition(from: string, event: PaymentOrderEvent): PaymentOrderState | null {
  if (!isPaymentOrderState(from)) return null;
  return PAYMENT_ORDER_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

/** True when nothing can happen to an order in this state any more. */
export function isClosedOrderState(state: string): boolean {
  return isPaymentOrderState(state) && !PAYMENT_ORDER_TRANSITIONS.some((t) => t.from === state);
}

/** An order not paid within this time is closed (and closed at the gateway). */
export const PAYMENT_ORDER_TTL_MS = 30 * 60_000;
