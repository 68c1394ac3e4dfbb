import { describe, expect, it } from 'vitest';
import { ALL_RSP_CODES, RSP } from '../api/rsp-codes.ts';
import {
  APPLICATION_TRANSITIONS,
  APPROVED_STATES,
  allowedEvents,
  canCancelInAdvance,
  cancelEventFor,
  isTerminal,
  REVIEWING_STATES,
  TERMINAL_STATES,
  transition,
} from './application-state.ts';
import {
  ACTORS,
  type Actor,
  APPLICATION_EVENTS,
  APPLICATION_STATES,
  type ApplicationEvent,
  type ApplicationState,
} from './application-types.ts';

/** The whole table written out again, by hand, as "FROM EVENT ACTOR → TO". */
const EXPECTED = new Map<string, ApplicationState>([
  ['DRAFT SUBMIT BORROWER', 'SUBMITTED'],
  ['DRAFT WITHDRAW BORROWER', 'WITHDRAWN'],
  ['DRAFT WITHDRAW OPERATOR', 'WITHDRAWN'],
  ['SUBMITTED START_REVIEW SYSTEM', 'UNDER_REVIEW'],
  ['SUBMITTED START_REVIEW BANK', 'UNDER_REVIEW'],
  ['SUBMITTED WITHDRAW BORROWER', 'WITHDRAWN'],
  ['SUBMITTED WITHDRAW OPERATOR', 'WITHDRAWN'],
  ['UNDER_REVIEW APPROVE BANK', 'APPROVED'],
  ['UNDER_REVIEW REJECT BANK', 'REJECTED'],
  ['UNDER_REVIEW WITHDRAW BORROWER', 'WITHDRAWN'],
  ['UNDER_REVIEW WITHDRAW OPERATOR', 'WITHDRAWN'],
  ['APPROVED SIGN BORROWER', 'SIGNED'],
  ['APPROVED CANCEL_IN_ADVANCE BORROWER', 'CANCELLED'],
  ['APPROVED CANCEL_IN_ADVANCE OPERATOR', 'CANCELLED'],
  ['APPROVED EXPIRE SYSTEM', 'CANCELLED'],
  ['SIGNED DISBURSE BANK', 'DISBURSED'],
  ['SIGNED CANCEL_IN_ADVANCE BORROWER', 'CANCELLED'],
  ['SIGNED CANCEL_IN_ADVANCE OPERATOR', 'CANCELLED'],
]);

const cases: [ApplicationState, ApplicationEvent, Actor][] = APPLICATION_STATES.flatMap((state) =>
  APPLICATION_EVENTS.flatMap((event) =>
    ACTORS.map((actor): [ApplicationState, ApplicationEvent, Actor] => [state, event, actor]),
  ),
);

describe('the transition table', () => {
  it('is exactly the expected table, one row per (from, event, actor)', () => {
    const keys = APPLICATION_TRANSITIONS.map((t) => `${t.from} ${t.event} ${t.actor}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Map(APPLICATION_TRANSITIONS.map((t) => [`${t.from} ${t.event} ${t.actor}`, t.to]))).toEqual(
      EXPECTED,
    );
  });

  it('leads an event from a state to one place whoever causes it', () => {
    for (const { from, event, to } of APPLICATION_TRANSITIONS) {
      const targets = APPLICATION_TRANSITIONS.filter((t) => t.from === from && t.event === event);
      expect(targets.every((t) => t.to === to)).toBe(true);
    }
  });

  it(`allows exactly the table's ${EXPECTED.size} moves among all ${cases.length} combinations`, () => {
    expect(cases).toHaveLength(9 * 9 * 4);
    let allowed = 0;
    for (const [state, event, actor] of cases) {
      const result = transition(state, event, actor);
      const expected = EXPECTED.get(`${state} ${event} ${actor}`);
      if (expected) {
        allowed++;
        expect(result).toEqual({ ok: true, to: expected });
      } else {
        expect(result.ok, `${state} ${event} ${actor}`).toBe(false);
      }
    }
    expect(allowed).toBe(EXPECTED.size);
  });

  it('refuses every other combination with a 3xxx code and a Chinese reason', () => {
    for (const [state, event, actor] of cases) {
      const result = transition(state, event, actor);
      if (result.ok) continue;
      expect(result.code).toMatch(/^300[1-4]$/);
      expect(ALL_RSP_CODES).toContain(result.code);
      expect(result.reason).toMatch(/[\u4e00-\u9fa5]/);
      expect(result.reason).not.toMatch(/undefined/);
    }
  });
});

describe('refusal codes', () => {
  it('3004 when the move exists but another actor makes it', () => {
    expect(transition('UNDER_REVIEW', 'APPROVE', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.ACTOR_NOT_ALLOWED,
      reason: '借款人无权执行「审批通过」',
    });
    expect(transition('SIGNED', 'DISBURSE', 'OPERATOR')).toMatchObject({ code: RSP.ACTOR_NOT_ALLOWED });
    expect(transition('APPROVED', 'SIGN', 'BANK')).toMatchObject({ code: RSP.ACTOR_NOT_ALLOWED });
  });

  it('3002 for anything once the loan is disbursed', () => {
    expect(transition('DISBURSED', 'CANCEL_IN_ADVANCE', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.ALREADY_DISBURSED,
      reason: '贷款已放款，无法取消申请',
    });
    for (const event of APPLICATION_EVENTS) {
      for (const actor of ACTORS) {
        expect(transition('DISBURSED', event, actor)).toMatchObject({ code: RSP.ALREADY_DISBURSED });
      }
    }
  });

  it('3003 for anything once the application has ended otherwise', () => {
    expect(transition('WITHDRAWN', 'CANCEL_IN_ADVANCE', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.APPLICATION_CLOSED,
      reason: '申请已结束（已取消），无法取消申请',
    });
    for (const state of ['REJECTED', 'WITHDRAWN', 'CANCELLED'] as const) {
      for (const event of APPLICATION_EVENTS) {
        expect(transition(state, event, 'BANK')).toMatchObject({ code: RSP.APPLICATION_CLOSED });
      }
    }
  });

  it('3001 for an event the current state does not take', () => {
    expect(transition('UNDER_REVIEW', 'SIGN', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.STATE_NOT_ALLOWED,
      reason: '当前状态为「审核中」，无法签约',
    });
    expect(transition('APPROVED', 'WITHDRAW', 'BORROWER')).toMatchObject({ code: RSP.STATE_NOT_ALLOWED });
    expect(transition('UNDER_REVIEW', 'CANCEL_IN_ADVANCE', 'BORROWER')).toMatchObject({
      code: RSP.STATE_NOT_ALLOWED,
    });
    expect(transition('DRAFT', 'APPROVE', 'BANK')).toMatchObject({ code: RSP.STATE_NOT_ALLOWED });
  });

  it('1001 for values that are not states, events or actors', () => {
    const bad = (s: string, e: string, a: string) =>
      transition(s as ApplicationState, e as ApplicationEvent, a as Actor);
    expect(bad('PAID', 'SUBMIT', 'BORROWER')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('DRAFT', 'PAY', 'BORROWER')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('DRAFT', 'SUBMIT', 'GUEST')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('toString', 'SUBMIT', 'BORROWER')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
  });
});

describe('derived rules', () => {
  it('terminal states are the ones with no way out', () => {
    expect(TERMINAL_STATES).toEqual(['REJECTED', 'DISBURSED', 'WITHDRAWN', 'CANCELLED']);
    expect(isTerminal('SIGNED')).toBe(false);
    expect(isTerminal('DISBURSED')).toBe(true);
  });

  it('the bank decides while an application is reviewing; an approval holds until disbursement', () => {
    expect(REVIEWING_STATES).toEqual(['SUBMITTED', 'UNDER_REVIEW']);
    expect(APPROVED_STATES).toEqual(['APPROVED', 'SIGNED']);
  });

  it('every state can be reached from a draft', () => {
    const reached = new Set<ApplicationState>(['DRAFT']);
    for (let round = 0; round < APPLICATION_STATES.length; round++) {
      for (const t of APPLICATION_TRANSITIONS) if (reached.has(t.from)) reached.add(t.to);
    }
    expect([...reached].sort()).toEqual([...APPLICATION_STATES].sort());
  });

  it('offers each actor its own events', () => {
    expect(allowedEvents('APPROVED', 'BORROWER')).toEqual(['SIGN', 'CANCEL_IN_ADVANCE']);
    expect(allowedEvents('APPROVED', 'SYSTEM')).toEqual(['EXPIRE']);
    expect(allowedEvents('UNDER_REVIEW', 'BANK')).toEqual(['APPROVE', 'REJECT']);
    expect(allowedEvents('DISBURSED', 'OPERATOR')).toEqual([]);
  });

  it('ends early by withdrawing until the review ends, by cancelling in advance until disbursement', () => {
    const byState = Object.fromEntries(APPLICATION_STATES.map((s) => [s, cancelEventFor(s)]));
    expect(byState).toEqual({
      DRAFT: 'WITHDRAW',
      SUBMITTED: 'WITHDRAW',
      UNDER_REVIEW: 'WITHDRAW',
      APPROVED: 'CANCEL_IN_ADVANCE',
      SIGNED: 'CANCEL_IN_ADVANCE',
      REJECTED: null,
      DISBURSED: null,
      WITHDRAWN: null,
      CANCELLED: null,
    });
    expect(cancelEventFor('SIGNED', 'OPERATOR')).toBe('CANCEL_IN_ADVANCE');
    expect(cancelEventFor('SIGNED', 'BANK')).toBeNull();
    expect(APPLICATION_STATES.filter(canCancelInAdvance)).toEqual([
      'DRAFT',
      'SUBMITTED',
      'UNDER_REVIEW',
      'APPROVED',
      'SIGNED',
    ]);
  });
});
