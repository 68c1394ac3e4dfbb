import { describe, expect, it } from 'vitest';
import type { SubAccountState } from './receiving-account.ts';
import { type SubAccountActor, type SubAccountEvent, subAccountNext } from './sub-account-state.ts';

const STATES: readonly (SubAccountState | null)[] = [null, 'OPENING', 'OPEN', 'FAILED', 'CLOSED'];
const EVENTS: readonly SubAccountEvent[] = ['REQUEST', 'REFUSE', 'FAIL', 'OPEN', 'REPLACE'];
const ACTORS: readonly SubAccountActor[] = ['BORROWER', 'BANK', 'SYSTEM'];

/** Every legal move, written out: anything not here must be refused. */
const LEGAL: Record<string, SubAccountState> = {
  'null REQUEST BORROWER': 'OPENING',
  'OPENING REFUSE BANK': 'FAILED',
  'OPENING FAIL BANK': 'FAILED',
  'OPENING OPEN BANK': 'OPEN',
  'OPEN REPLACE SYSTEM': 'CLOSED',
};

describe('subAccountNext', () => {
  for (const from of STATES) {
    for (const event of EVENTS) {
      for (const actor of ACTORS) {
        const key = `${from} ${event} ${actor}`;
        it(`${key} → ${LEGAL[key] ?? 'refused'}`, () => {
          expect(subAccountNext(from, event, actor)).toBe(LEGAL[key] ?? null);
        });
      }
    }
  }

  it('keeps FAILED and CLOSED final: a new request is a new account', () => {
    for (const event of EVENTS) {
      for (const actor of ACTORS) {
        expect(subAccountNext('FAILED', event, actor)).toBeNull();
        expect(subAccountNext('CLOSED', event, actor)).toBeNull();
      }
    }
  });
});
