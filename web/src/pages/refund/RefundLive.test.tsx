import { API, REFUND_STATES, type RefundState } from '@loan/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOpenRefund, refundPoll } from '../../api/refunds';
import { saveLogin } from '../../session/session';
import { desktopWidth } from '../../test/loan-fixtures';
import { order, refundItem } from '../../test/pay-fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';
import RefundPage from './RefundPage';

const POLL_MS = refundPoll.ms;
let api: ReturnType<typeof fakeApi> | undefined;
let restoreWidth: (() => void) | undefined;
beforeEach(() => {
  saveLogin('tok');
  refundPoll.ms = 150;
});
afterEach(() => {
  api?.restore();
  restoreWidth?.();
  refundPoll.ms = POLL_MS;
  vi.useRealTimers();
});

/** Whether a list or page showing a refund in this state keeps asking for it, written out by hand. */
const OPEN: Readonly<Record<RefundState, boolean>> = {
  SUBMITTED: true, // the review
  APPROVED: true, // the gateway's refund call
  REFUNDING: true, // the gateway's notify
  REFUNDED: false,
  REJECTED: false,
  CANCELLED: false,
  FAILED: false, // sent again by the job or an operator; the borrower's page does not wait for it
  CLOSED: false,
};

describe('refunds that update themselves', () => {
  it.each(REFUND_STATES.map((s) => [s, OPEN[s]] as const))('%s is still under way: %s', (status, open) => {
    expect(isOpenRefund({ status })).toBe(open);
  });

  it('the list turns 退款中 to 已退款 without a reload, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    restoreWidth = desktopWidth();
    let lists = 0;
    const no = 'RF20261123110000000009';
    api = fakeApi((r) => {
      if (r.url === API.payOrders) return ok([order('PAY20261123100000000001', { status: 'PAID' })]);
      if (r.url === API.refundList) {
        lists += 1;
        const item =
          lists < 3
            ? refundItem(no, { status: 'REFUNDING', statusLabel: '退款中', canCancel: false })
            : refundItem(no, { status: 'REFUNDED', statusLabel: '已退款', canCancel: false });
        return ok({ items: [item], nextCursor: null });
      }
      return ok(null);
    });
    renderRoutes([{ path: '/account/refund', element: <RefundPage /> }], ['/account/refund']);
    await shown(no);
    expect(screen.getByText('退款中')).toBeInTheDocument();
    await shown('已退款');
    expect(screen.queryByText('退款中')).toBeNull();
    const asked = lists;
    await act(() => vi.advanceTimersByTimeAsync(refundPoll.ms * 4));
    expect(lists).toBe(asked);
  });
});
