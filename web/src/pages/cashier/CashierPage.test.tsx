import type { PaymentOrderView } from '@loan/domain';
import { API } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { order } from '../../test/pay-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import CashierPage from './CashierPage';

const NO = 'PAY20261123100000000042';
let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

/** The order as the server has it now; the sandbox cashier call moves it as told. */
function setup(initial: PaymentOrderView | null, onCashier: (action: string) => PaymentOrderView) {
  let current = initial;
  api = fakeApi((r) => {
    if (r.url === API.payOrder) return current ? ok(current) : fail('3801', '支付订单不存在或无权查看');
    if (r.url === API.paySandboxCashier) {
      current = onCashier((r.data as { action: string }).action);
      return ok(current);
    }
    if (r.url === API.payCloseOrder) return ok({ ...current, status: 'CLOSED' });
    return ok(null);
  });
  const view = renderRoutes(
    [
      { path: '/cashier', element: <CashierPage /> },
      { path: '/service/serviceDetail', element: <div>fees page</div> },
    ],
    [`/cashier?outTradeNo=${NO}&back=%2Fservice%2FserviceDetail`],
  );
  return {
    user: userEvent.setup({ pointerEventsCheck: 0 }),
    ...view,
    settle: (next: PaymentOrderView) => {
      current = next;
    },
  };
}

const calls = (url: string) => (api?.requests ?? []).filter((r) => r.url === url);

describe('/cashier', () => {
  it('shows the order clearly marked 沙箱, pays, waits for the notify and goes back', async () => {
    const paid = order(NO, { status: 'PAID', paidAt: '2026-11-23T02:01:00.000Z' });
    const { user, router, settle } = setup(order(NO), () => order(NO));
    await shown(NO);
    expect(screen.getByText('沙箱收银台')).toBeInTheDocument();
    expect(screen.getByText('沙箱')).toBeInTheDocument();
    expect(screen.getByText(/模拟支付，不会产生真实扣款/)).toBeInTheDocument();
    // in 元, as every other screen says money
    expect(screen.getByTestId('cashier-amount')).toHaveTextContent(/^350\.00 元$/);
    expect(screen.getByText('已优惠 50.00 元（满减券7）')).toBeInTheDocument();
    expect(screen.getByText('支付宝')).toBeInTheDocument();
    expect(screen.getByText('400.00 元')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确认支付' }));
    await shown('正在确认支付结果…');
    expect(calls(API.paySandboxCashier)[0]?.data).toEqual({ outTradeNo: NO, action: 'PAY' });
    settle(paid);
    await shown('支付成功');
    expect(screen.getByRole('button', { name: /电子回单/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '立即返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/serviceDetail'));
  });

  it('a simulated failure leaves the order payable and says so', async () => {
    const { user } = setup(order(NO), () => order(NO));
    await shown(NO);
    await user.click(screen.getByRole('button', { name: '模拟支付失败' }));
    await shown('支付失败（模拟）');
    expect(calls(API.paySandboxCashier)[0]?.data).toEqual({ outTradeNo: NO, action: 'FAIL' });
    expect(screen.getByRole('button', { name: '确认支付' })).toBeEnabled();
  });

  it('a failure that closes the order shows it closed, with no charge', async () => {
    const { user } = setup(order(NO), () => order(NO, { status: 'CLOSED', closeReason: 'EXPIRED' }));
    await shown(NO);
    await user.click(screen.getByRole('button', { name: '模拟支付失败' }));
    await shown('订单已关闭');
    expect(screen.getByText(/超时未支付，未产生扣款/)).toBeInTheDocument();
  });

  it('cancelling closes the order and goes back', async () => {
    const { user, router } = setup(order(NO), () => order(NO));
    await shown(NO);
    await user.click(screen.getByRole('button', { name: '取消支付并返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/serviceDetail'));
    expect(calls(API.payCloseOrder)[0]?.data).toEqual({ outTradeNo: NO });
  });

  it('an order that is not the borrower’s is not found', async () => {
    setup(null, () => order(NO));
    await shown('订单不存在或无权查看');
  });
});
