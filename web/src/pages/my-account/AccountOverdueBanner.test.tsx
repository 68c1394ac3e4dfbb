import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { AccountOverdueBanner } from './AccountOverdueBanner';
import { instalment, overview } from './account-fixtures';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

/** Two loans overdue: 40 days on one (M2), 9 on the other. */
const TWO_OVERDUE = overview({
  overdueAmount: '5689.88',
  overduePenalty: '80.05',
  overdueDays: 40,
  overdueItems: [
    instalment(2001, 1, {
      dueDate: '2026-10-14',
      amount: '3523.83',
      penalty: '72.34',
      overdueDays: 40,
    }),
    instalment(2002, 2, {
      dueDate: '2026-11-14',
      productName: '跨境贷',
      amount: '2166.05',
      penalty: '7.71',
      overdueDays: 9,
    }),
  ],
}).owed;

function setup(owed = TWO_OVERDUE) {
  api = fakeApi(() => ok(null));
  renderRoutes(
    [{ path: '/account/myAccount', element: <AccountOverdueBanner owed={owed} /> }],
    ['/account/myAccount'],
  );
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe("My account's overdue banner", () => {
  it('sums every overdue instalment with its penalty to today; the oldest decides the days and the bucket', async () => {
    const user = setup();
    const banner = screen.getByTestId('overdue-banner');
    expect(banner).toHaveTextContent('您有 2 期还款已逾期，请尽快还款');
    expect(within(banner).getByTestId('overdue-amount')).toHaveTextContent('5,689.88 元');
    expect(within(banner).getByTestId('overdue-penalty')).toHaveTextContent('80.05 元');
    expect(within(banner).getByTestId('overdue-days')).toHaveTextContent('40 天');
    expect(within(banner).getByTestId('overdue-bucket')).toHaveTextContent('M2（逾期 31–60 天）');
    expect(banner).toHaveTextContent('先还最早逾期的一期（店铺经营贷 第 1 期）');

    // 立即还款: the oldest instalment, with its days and penalty to today
    await user.click(within(banner).getByTestId('overdue-repay-now'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('立即还款 · 第 1 期')).toBeInTheDocument();
    expect(within(dialog).getByText('40 天')).toBeInTheDocument();
    expect(within(dialog).getByText('72.34 元')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确认还款 3,523.83 元/ })).toBeInTheDocument();
  });

  it('is not there when nothing is overdue', () => {
    setup({
      ...TWO_OVERDUE,
      overdueAmount: '0.00',
      overduePenalty: '0.00',
      overdueDays: 0,
      overdueItems: [],
    });
    expect(screen.queryByTestId('overdue-banner')).toBeNull();
  });
});
