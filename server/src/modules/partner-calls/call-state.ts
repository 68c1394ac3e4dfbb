/**
 * The one state machine of a call to a partner (partner_calls): a claim is OPEN from the moment one request wins
 * it until the partner's answer is recorded: SUCCEEDED (done for good: the same decision never calls again) or
 * REFUSED (the partner said no: a later, new decision may claim again). While OPEN, an attempt that got no
 * answer (error, time-out) is recorded and gives the claim back; a later attempt takes it over and asks again
 * with the SAME idempotency key. Every legal move is one row here; anything else is refused.
 */
export const PARTNER_CALL_STATES = ['OPEN', 'SUCCEEDED', 'REFUSED'] as const;
export type PartnerCallState = (typeof PARTNER_CALL_STATES)[number];

export const PARTNER_CALL_EVENTS = ['CLAIM', 'TAKE_OVER', 'FAIL', 'SUCCEED', 'REFUSE'] as const;
export type PartnerCallEvent = (typeof PARTNER_CALL_EVENTS)[number];

export interface PartnerCallTransition {
  /** null: the claim does not exist yet */
  readonly from: PartnerCallState | null;
  readonly event: PartnerCallEvent;
  readonly to: PartnerCallState;
}

const PARTNER_CALL_TRANSITIONS: readonly PartnerCallTransition[] = [
  // one request wins the unique (partner, operation, subject) place and will call
  { from: null, event: 'CLAIM', to: 'OPEN' },
  // the last attempt gave the claim back or its lease ran out: a new attempt, same key
  { from: 'OPEN', event: 'TAKE_OVER', to: 'OPEN' },
  // the attempt got no answer (error, time-out): recorded, the claim is given back, still open
  { from: 'OPEN', event: 'FAIL', to: 'OPEN' },
  { from: 'OPEN', event: 'SUCCEED', to: 'SUCCEEDED' },
  { from: 'OPEN', event: 'REFUSE', to: 'REFUSED' },
];

function isState(value: unknown): value is PartnerCallState {
  return (PARTNER_CALL_STATES as readonly unknown[]).includes(value);
}

/** The next state of a claim, or null when the move is not legal (values read from a row may be passed as they are). */
export function partnerCallTransition(from: string | null, event: PartnerCallEvent): PartnerCallState | null {
  if (from !== null && !isState(from)) return null;
  return PARTNER_CALL_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

/** True when nothing can happen to a claim in this state any more. */
export function isClosedCall(state: string): boolean {
  return isState(state) && !PARTNER_CALL_TRANSITIONS.some((t) => t.from === state);
}
