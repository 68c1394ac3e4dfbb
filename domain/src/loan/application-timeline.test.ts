import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../api/contracts-applications.ts';
import { timelineLine } from './application-timeline.ts';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  at: '2026-11-21T03:04:05.000Z',
  fromState: 'DRAFT',
  toState: 'SUBMITTED',
  event: 'SUBMIT',
  actor: 'BORROWER',
  actorLabel: '借款人',
  reason: null,
  ...over,
});

describe('a timeline line', () => {
  it('an acceptance: its text is a 说明, not a 原因', () => {
    const line = timelineLine(
      entry({
        fromState: 'SUBMITTED',
        toState: 'UNDER_REVIEW',
        event: 'START_REVIEW',
        actor: 'SYSTEM',
        actorLabel: '系统',
        reason: '云南国际信托已受理（业务编号 B1）',
      }),
    );
    expect(line).toEqual({
      actor: '系统',
      action: '开始审核',
      state: 'UNDER_REVIEW',
      note: '说明：云南国际信托已受理（业务编号 B1）',
    });
  });

  it('an approval names itself once: no state tag repeating 审批通过', () => {
    const line = timelineLine(
      entry({
        fromState: 'UNDER_REVIEW',
        toState: 'APPROVED',
        event: 'APPROVE',
        actor: 'BANK',
        actorLabel: '华润银行',
      }),
    );
    expect(line).toEqual({ actor: '华润银行', action: '审批通过', state: null, note: null });
  });

  it.each([
    ['REJECT', 'REJECTED', '超出店铺授信额度'],
    ['WITHDRAW', 'WITHDRAWN', '不需要了'],
    ['CANCEL_IN_ADVANCE', 'CANCELLED', '利率太高'],
    ['EXPIRE', 'CANCELLED', '审批有效期内未签约'],
  ] as const)('%s: its text is a 原因', (event, toState, reason) => {
    expect(timelineLine(entry({ event, toState, reason })).note).toBe(`原因：${reason}`);
  });

  it('the borrower ending an application is 取消申请 → 已取消 before and after the decision', () => {
    expect(timelineLine(entry({ event: 'WITHDRAW', toState: 'WITHDRAWN' }))).toMatchObject({
      action: '取消申请',
      state: 'WITHDRAWN',
    });
    expect(timelineLine(entry({ event: 'CANCEL_IN_ADVANCE', toState: 'CANCELLED' }))).toMatchObject({
      action: '取消申请',
      state: 'CANCELLED',
    });
  });

  it('creation, a blank text, and a missing actor label', () => {
    expect(timelineLine(entry({ event: 'CREATE', toState: 'DRAFT', fromState: null, reason: '  ' }))).toEqual(
      {
        actor: '借款人',
        action: '创建申请',
        state: 'DRAFT',
        note: null,
      },
    );
    expect(timelineLine(entry({ actorLabel: '', actor: 'OPERATOR' })).actor).toBe('运营人员');
  });
});
