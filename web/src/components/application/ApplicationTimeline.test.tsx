import type { TimelineEntry } from '@loan/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApplicationTimeline } from './ApplicationParts';

const at = '2026-11-21T03:04:05.000Z';
const ENTRIES: TimelineEntry[] = [
  {
    at,
    fromState: 'SUBMITTED',
    toState: 'UNDER_REVIEW',
    event: 'START_REVIEW',
    actor: 'SYSTEM',
    actorLabel: '系统',
    reason: '云南国际信托已受理（业务编号 B1）',
  },
  {
    at,
    fromState: 'UNDER_REVIEW',
    toState: 'APPROVED',
    event: 'APPROVE',
    actor: 'BANK',
    actorLabel: '云南国际信托',
    reason: null,
  },
  {
    at,
    fromState: 'APPROVED',
    toState: 'CANCELLED',
    event: 'CANCEL_IN_ADVANCE',
    actor: 'BORROWER',
    actorLabel: '借款人',
    reason: '资金已从其他渠道解决',
  },
];

describe('the application timeline', () => {
  it('an acceptance has a 说明, an approval is named once, a cancellation has a 原因 and ends 已取消', () => {
    const { container } = render(<ApplicationTimeline entries={ENTRIES} />);
    expect(screen.getByText('说明：云南国际信托已受理（业务编号 B1）')).toBeInTheDocument();
    expect(screen.queryByText(/原因：云南国际信托已受理/)).toBeNull();
    // "云南国际信托：审批通过" and no 审批通过 tag after it
    expect(screen.getByText('云南国际信托：审批通过')).toBeInTheDocument();
    expect(container.textContent).not.toContain('审批通过 审批通过');
    expect(screen.queryByText('审批通过')).toBeNull();
    expect(screen.getByText('借款人：取消申请')).toBeInTheDocument();
    expect(screen.getByText('已取消')).toBeInTheDocument();
    expect(screen.getByText('原因：资金已从其他渠道解决')).toBeInTheDocument();
    expect(screen.getByText('审核中')).toBeInTheDocument();
  });
});
