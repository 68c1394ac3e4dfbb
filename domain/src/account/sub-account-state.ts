import type { SubAccountState } from './receiving-account.ts';

/**
 * The one state machine of a collection sub-account: the borrower asks, the bank opens it or not (refused when
 * asked, or failed in its signed answer), and an open account is closed when a new one at another bank opens
 * (the history is kept). Every legal move is one row here; the server's writer refuses anything else.
 */
export type SubAccountEvent = 'REQUEST' | 'REFUSE' | 'FAIL' | 'OPEN' | 'REPLACE';
export type SubAccountActor = 'BORROWER' | 'BANK' | 'SYSTEM';

export interface SubAccountTransition {
  readonly from: SubAccountState | null;
  readonly event: SubAccountEvent;
  readonly to: SubAccountState;
  readonly actor: SubAccountActor;
}

export const SUB_ACCOUNT_TRANSITIONS: readonly SubAccountTransition[] = [
  { from: null, event: 'REQUEST', to: 'OPENING', actor: 'BORROWER' },
  // the bank refuses when asked (answer to the claimed call)
  { from: 'OPENING', event: 'REFUSE', to: 'FAILED', actor: 'BANK' },
  // the bank's signed callback: failed or opened
  { from: 'OPENING', event: 'FAIL', to: 'FAILED', actor: 'BANK' },
  { from: 'OPENING', event: 'OPEN', to: 'OPEN', actor: 'BANK' },
  // a new account at another bank opened: the one in use is closed (never while locked: the opening is refused)
  { from: 'OPEN', event: 'REPLACE', to: 'CLOSED', actor: 'SYSTEM' },
];

/** The state an event leads to, or null when the move is not in the table. */
export function subAccountNext(
  from: SubAccountState | null,
  event: SubAccountEvent,
  actor: SubAccountActor,
): SubAccountState | null {
  const row = SUB_ACCOUNT_TRANSITIONS.find((t) => t.from === from && t.event === event && t.actor === actor);
  return row ? row.to : null;
}
