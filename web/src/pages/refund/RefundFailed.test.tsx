import { API, REFUND_STATE_DISPLAY, refundFailedNextStep } from '@loan/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { desktopWidth, signedInPageTest } from '../../test/loan-fixtures';
import { order, refundDetailOf, refundItem } from '../../test/pay-fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';
import RefundPage from './RefundPage';

const page = signedInPageTest();
const NO = 'RF20261123100000000007';
const NEXT = refundFailedNextStep(new Date('2026-11-23T03:10:00.000Z'));
const FAILED = refundItem(NO, {
  status: 'FAILED',
  statusLabel: '退款失败',
  canCancel: false,
  failureReason: '渠道维护中，暂不能退款',
  nextStep: NEXT,
});

describe('/account/refund: a refund the gateway did not make', () => {
  it('shows 退款失败 with why and what happens next, in the list and in its detail', async () => {
    page.restoreWidth = desktopWidth();
    page.api = fakeApi((r) => {
      if (r.url === API.payOrders) return ok([order('PAY20261123100000000001', { status: 'PAID' })]);
      if (r.url === API.refundList) return ok({ items: [FAILED], nextCursor: null });
      if (r.url === API.refundDetail) return ok(refundDetailOf(FAILED));
      return ok(null);
    });
    renderRoutes([{ path: '/account/refund', element: <RefundPage /> }], ['/account/refund']);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await shown(NO);
    expect(screen.getByText('退款失败')).toBeInTheDocument();
    expect(screen.getByText(`失败原因：渠道维护中，暂不能退款；${NEXT}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('渠道维护中，暂不能退款');
    expect(within(drawer).getByText('失败原因')).toBeInTheDocument();
    expect(within(drawer).getByText('后续处理')).toBeInTheDocument();
    expect(within(drawer).getByText(NEXT)).toBeInTheDocument();
    expect(within(drawer).getByText(REFUND_STATE_DISPLAY.FAILED.hint)).toBeInTheDocument();
  });
});
