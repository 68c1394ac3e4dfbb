import { describe, expect, it } from 'vitest';
import { ALL_RSP_CODES, RSP } from '../api/rsp-codes.ts';
import {
  allowedRefundEvents,
  canCancelRefund,
  isRefundTerminal,
  REFUND_OPEN_STATES,
  REFUND_TERMINAL_STATES,
  REFUND_TRANSITIONS,
  refundTransition,
} from './refund-state.ts';
import {
  REFUND_ACTORS,
  REFUND_EVENTS,
  REFUND_STATES,
  type RefundActor,
  type RefundEvent,
  type RefundState,
} from './refund-types.ts';

/** The whole table written out again, by hand, as "FROM EVENT ACTOR → TO". */
const EXPECTED = new Map<string, RefundState>([
  ['SUBMITTED APPROVE OPERATOR', 'APPROVED'],
  ['SUBMITTED APPROVE SYSTEM', 'APPROVED'],
  ['SUBMITTED REJECT OPERATOR', 'REJECTED'],
  ['SUBMITTED REJECT SYSTEM', 'REJECTED'],
  ['SUBMITTED CANCEL BORROWER', 'CANCELLED'],
  ['APPROVED START_REFUND SYSTEM', 'REFUNDING'],
  ['REFUNDING CONFIRM GATEWAY', 'REFUNDED'],
  ['REFUNDING CONFIRM SYSTEM', 'REFUNDED'],
  ['REFUNDING FAIL GATEWAY', 'FAILED'],
  ['REFUNDING FAIL SYSTEM', 'FAILED'],
  ['FAILED RETRY SYSTEM', 'REFUNDING'],
  ['FAILED RETRY OPERATOR', 'REFUNDING'],
  ['FAILED CLOSE OPERATOR', 'CLOSED'],
]);

const cases: [RefundState, RefundEvent, RefundActor][] = REFUND_STATES.flatMap((state) =>
  REFUND_EVENTS.flatMap((event) =>
    REFUND_ACTORS.map((actor): [RefundState, RefundEvent, RefundActor] => [state, event, actor]),
  ),
);

describe('the refund transition table', () => {
  it('is exactly the expected table, one row per (from, event, actor)', () => {
    const keys = REFUND_TRANSITIONS.map((t) => `${t.from} ${t.event} ${t.actor}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Map(REFUND_TRANSITIONS.map((t) => [`${t.from} ${t.event} ${t.actor}`, t.to]))).toEqual(
      EXPECTED,
    );
  });

  it('leads an event from a state to one place whoever causes it', () => {
    for (const { from, event, to } of REFUND_TRANSITIONS) {
      const targets = REFUND_TRANSITIONS.filter((t) => t.from === from && t.event === event);
      expect(targets.every((t) => t.to === to)).toBe(true);
    }
  });

  it(`allows exactly the table's ${EXPECTED.size} moves among all ${cases.length} combinations`, () => {
    expect(cases).toHaveLength(8 * 8 * 4);
    let allowed = 0;
    for (const [state, event, actor] of cases) {
      const result = refundTransition(state, event, actor);
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

  it('refuses every other combination with a 39xx code and a Chinese reason', () => {
    for (const [state, event, actor] of cases) {
      const result = refundTransition(state, event, actor);
      if (result.ok) continue;
      expect(result.code).toMatch(/^39(0[89]|1[01])$/);
      expect(ALL_RSP_CODES).toContain(result.code);
      expect(result.reason).toMatch(/[\u4e00-\u9fa5]/);
      expect(result.reason).not.toMatch(/undefined/);
    }
  });
});

describe('refusal codes', () => {
  it('3911 when the move exists but another actor makes it', () => {
    expect(refundTransition('SUBMITTED', 'APPROVE', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.REFUND_ACTOR_NOT_ALLOWED,
      reason: '借款人无权执行「审核同意」',
    });
    expect(refundTransition('SUBMITTED', 'CANCEL', 'OPERATOR')).toMatchObject({
      code: RSP.REFUND_ACTOR_NOT_ALLOWED,
    });
    expect(refundTransition('REFUNDING', 'CONFIRM', 'BORROWER')).toMatchObject({
      code: RSP.REFUND_ACTOR_NOT_ALLOWED,
    });
  });

  it('3908 when the borrower cancels after the review', () => {
    for (const state of ['APPROVED', 'REFUNDING', 'REFUNDED', 'REJECTED'] as const) {
      expect(refundTransition(state, 'CANCEL', 'BORROWER')).toMatchObject({
        ok: false,
        code: RSP.REFUND_ALREADY_REVIEWED,
      });
    }
    expect(refundTransition('APPROVED', 'CANCEL', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.REFUND_ALREADY_REVIEWED,
      reason: '退款申请已审核（已同意），无法撤销申请',
    });
  });

  it('3910 for anything else once the refund has ended', () => {
    expect(refundTransition('CANCELLED', 'CANCEL', 'BORROWER')).toEqual({
      ok: false,
      code: RSP.REFUND_CLOSED,
      reason: '退款申请已结束（已撤销），无法撤销申请',
    });
    for (const state of REFUND_TERMINAL_STATES) {
      expect(refundTransition(state, 'APPROVE', 'OPERATOR')).toMatchObject({ code: RSP.REFUND_CLOSED });
    }
  });

  it('3909 for an event the current state does not take', () => {
    expect(refundTransition('SUBMITTED', 'CONFIRM', 'GATEWAY')).toEqual({
      ok: false,
      code: RSP.REFUND_STATE_NOT_ALLOWED,
      reason: '退款申请当前为「已提交」，无法退款到账',
    });
    expect(refundTransition('APPROVED', 'APPROVE', 'OPERATOR')).toMatchObject({
      code: RSP.REFUND_STATE_NOT_ALLOWED,
    });
    expect(refundTransition('REFUNDING', 'REJECT', 'OPERATOR')).toMatchObject({
      code: RSP.REFUND_STATE_NOT_ALLOWED,
    });
  });

  it('1001 for values that are not states, events or actors', () => {
    const bad = (s: string, e: string, a: string) =>
      refundTransition(s as RefundState, e as RefundEvent, a as RefundActor);
    expect(bad('PAID', 'APPROVE', 'OPERATOR')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('SUBMITTED', 'PAY', 'OPERATOR')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('SUBMITTED', 'APPROVE', 'BANK')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
    expect(bad('toString', 'APPROVE', 'OPERATOR')).toMatchObject({ ok: false, code: RSP.INVALID_INPUT });
  });
});

describe('derived rules', () => {
  it('terminal and open states', () => {
    expect(REFUND_TERMINAL_STATES).toEqual(['REFUNDED', 'REJECTED', 'CANCELLED', 'CLOSED']);
    expect(REFUND_OPEN_STATES).toEqual(['SUBMITTED', 'APPROVED', 'REFUNDING']);
    // a failed refund is not under way (its money is not pending) but not over either
    expect(isRefundTerminal('FAILED')).toBe(false);
    expect(isRefundTerminal('REFUNDING')).toBe(false);
  });

  it('every state can be reached from a submitted application', () => {
    const reached = new Set<RefundState>(['SUBMITTED']);
    for (let round = 0; round < REFUND_STATES.length; round++) {
      for (const t of REFUND_TRANSITIONS) if (reached.has(t.from)) reached.add(t.to);
    }
    expect([...reached].sort()).toEqual([...REFUND_STATES].sort());
  });

  it('offers each actor its own events; the borrower cancels only before the review', () => {
    expect(allowedRefundEvents('SUBMITTED', 'OPERATOR')).toEqual(['APPROVE', 'REJECT']);
    expect(allowedRefundEvents('SUBMITTED', 'BORROWER')).toEqual(['CANCEL']);
    expect(allowedRefundEvents('APPROVED', 'SYSTEM')).toEqual(['START_REFUND']);
    expect(REFUND_STATES.filter(canCancelRefund)).toEqual(['SUBMITTED']);
  });
});
