import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import { DEFAULT_ROLES } from './permissions.ts';
import {
  checkableKinds,
  isOpsRequestClosed,
  OPS_REQUEST_KINDS,
  OPS_REQUEST_STATES,
  opsRequestTransition,
} from './request-state.ts';

describe('an operator request (maker-checker)', () => {
  it.each([
    ['PENDING', 'CONFIRM', 'CHECKER', 'CONFIRMED'],
    ['PENDING', 'DECLINE', 'CHECKER', 'DECLINED'],
    ['PENDING', 'WITHDRAW', 'MAKER', 'WITHDRAWN'],
    ['PENDING', 'EXPIRE', 'SYSTEM', 'EXPIRED'],
  ] as const)('%s --%s by %s--> %s', (from, event, actor, to) => {
    expect(opsRequestTransition(from, event, actor)).toEqual({ ok: true, to });
  });

  it.each([
    ['PENDING', 'CONFIRM', 'MAKER', RSP.OPS_REQUEST_ACTOR],
    ['PENDING', 'WITHDRAW', 'CHECKER', RSP.OPS_REQUEST_ACTOR],
    ['CONFIRMED', 'CONFIRM', 'CHECKER', RSP.OPS_REQUEST_CLOSED],
    ['DECLINED', 'CONFIRM', 'CHECKER', RSP.OPS_REQUEST_CLOSED],
    ['EXPIRED', 'WITHDRAW', 'MAKER', RSP.OPS_REQUEST_CLOSED],
    ['PENDING', 'NOPE', 'CHECKER', RSP.INVALID_INPUT],
  ] as const)('refuses %s --%s by %s (%s)', (from, event, actor, code) => {
    const result = opsRequestTransition(from, event as never, actor);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.reason).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('closes every state but the pending one', () => {
    expect(OPS_REQUEST_STATES.filter((s) => !isOpsRequestClosed(s))).toEqual(['PENDING']);
  });

  it('gives each money kind a maker and a checker permission that no starting role but the administrator holds both of', () => {
    for (const kind of [
      OPS_REQUEST_KINDS['refund.approve'],
      OPS_REQUEST_KINDS['refund.reject'],
      OPS_REQUEST_KINDS['refund.resend'],
      OPS_REQUEST_KINDS['refund.close'],
      OPS_REQUEST_KINDS['fee.waive'],
      OPS_REQUEST_KINDS['penalty.waive'],
      OPS_REQUEST_KINDS['coupon.issue-many'],
    ]) {
      expect(kind.maker).not.toBe(kind.checker);
      const both = DEFAULT_ROLES.filter(
        (r) => r.permissions.includes(kind.maker) && r.permissions.includes(kind.checker),
      );
      expect(both.map((r) => r.code)).toEqual(['admin']);
    }
  });

  it('lists the kinds an operator may check', () => {
    expect(checkableKinds(['refund.confirm'])).toEqual([
      'refund.approve',
      'refund.reject',
      'refund.resend',
      'refund.close',
      'fee.waive',
      'penalty.waive',
    ]);
    expect(checkableKinds(['operator.manage'])).toEqual(['operator.roles']);
    expect(checkableKinds(['borrower.enable'])).toEqual(['borrower.enable']);
    expect(checkableKinds(['refund.review'])).toEqual([]);
  });
});
