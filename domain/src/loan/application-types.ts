import { oneOf } from '../one-of.ts';

/**
 * The words of an application's life (docs/PRODUCT.md §10): its states, the events that move it and
 * who may cause them. The loan that a disbursed application becomes has its own states (repaying, overdue,
 * settled); they are not the application's.
 */

export const APPLICATION_STATES = [
  'DRAFT',
  'SUBMITTED',
  'UNDER_REVIEW',
  'APPROVED',
  'REJECTED',
  'SIGNED',
  'DISBURSED',
  'WITHDRAWN',
  'CANCELLED',
] as const;

export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const APPLICATION_EVENTS = [
  'SUBMIT',
  'START_REVIEW',
  'APPROVE',
  'REJECT',
  'SIGN',
  'DISBURSE',
  'WITHDRAW',
  'CANCEL_IN_ADVANCE',
  'EXPIRE',
] as const;

export type ApplicationEvent = (typeof APPLICATION_EVENTS)[number];

/** BORROWER the signed-in seller; BANK a partner bank's callback; SYSTEM the server itself; OPERATOR staff. */
export const ACTORS = ['BORROWER', 'BANK', 'SYSTEM', 'OPERATOR'] as const;

export type Actor = (typeof ACTORS)[number];

export const isApplicationState = oneOf(APPLICATION_STATES);
