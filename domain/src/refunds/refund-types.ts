/**
 * The words of a refund application's life: its states, the events that move it and who may cause them. A
 * borrower applies for money back from a paid payment order (a fee paid in error, an overpayment); the server
 * itself files one (source AUTO) when money arrived for an order that was closed meanwhile.
 */

export const REFUND_STATES = [
  'SUBMITTED',
  'APPROVED',
  'REFUNDING',
  'REFUNDED',
  'REJECTED',
  'CANCELLED',
  'FAILED',
  'CLOSED',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_EVENTS = [
  'APPROVE',
  'REJECT',
  'CANCEL',
  'START_REFUND',
  'CONFIRM',
  'FAIL',
  'RETRY',
  'CLOSE',
] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];

/** BORROWER the signed-in seller; OPERATOR staff (the review command); SYSTEM the server; GATEWAY its notify. */
export const REFUND_ACTORS = ['BORROWER', 'OPERATOR', 'SYSTEM', 'GATEWAY'] as const;
export type RefundActor = (typeof REFUND_ACTORS)[number];

/** BORROWER applied on the refund page; AUTO the server refunds money it cannot apply. */
export const REFUND_SOURCES = ['BORROWER', 'AUTO'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** The longest reason a borrower (or a reviewer) may give, in characters. */
export const REFUND_REASON_MAX = 200;
