import { describe, expect, it } from 'vitest';
import { awaitsDecision, awaitsPartner, PARTNER_WAIT_STATES } from './application-state.ts';
import { APPLICATION_STATES, type ApplicationState } from './application-types.ts';

/** Whether a page showing an application in this state keeps asking for it, written out by hand. */
const WAITS: Readonly<Record<ApplicationState, boolean>> = {
  DRAFT: false, // the borrower fills in the form
  SUBMITTED: true, // the bank accepts it
  UNDER_REVIEW: true, // the bank decides
  APPROVED: false, // the borrower signs
  REJECTED: false,
  SIGNED: true, // the bank disburses
  DISBURSED: false,
  WITHDRAWN: false,
  CANCELLED: false,
};

describe('states that wait on the partner bank', () => {
  it.each(APPLICATION_STATES.map((state) => [state, WAITS[state]] as const))(
    '%s waits: %s',
    (state, waits) => {
      expect(awaitsPartner(state)).toBe(waits);
    },
  );

  it('of which the review is SUBMITTED and UNDER_REVIEW (SIGNED waits for the money, not a decision)', () => {
    expect(APPLICATION_STATES.filter(awaitsDecision)).toEqual(['SUBMITTED', 'UNDER_REVIEW']);
  });

  it('are listed in state order', () => {
    expect(PARTNER_WAIT_STATES).toEqual(['SUBMITTED', 'UNDER_REVIEW', 'SIGNED']);
  });
});
