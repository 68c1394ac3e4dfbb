import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { order } from '../../test/pay-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { NOTHING_OWED, overview } from './account-fixtures';
import { OwedCard } from './OwedCard';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

function setup(
  owed = overview().owed,
  answer = () =>
    ok({
      order: order('PAY20261123100000000050', { purpose: 'INSTALMENT' }),
      cashierUrl: '/cashier?outTradeNo=PAY20261123100000000050',
    }),
) {
  api = fakeApi((r) => (r.url === API.payRepayNow ? answer() : ok(null)));
  const view = renderRoutes(
    [
      { path: '/account/myAccount', element: <OwedCard owed={owed} /> },
      { path: '/cashier', element: <div>cashier page</div> },
      { path: '/service/serviceDetail', element: <div>fees page</div> },
      { path: '/record/loanRecordDetail', element: <div>loan detail</div> },
    ],
    ['/account/myAccount'],
  );
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), ...view };
}

describe('我的待还', () => {
  it('shows the next due date and amount, the principal, the overdue amount and the fees due', () => {
    setup();
    const next = screen.getByTestId('owed-next-due');
    expect(next).toHaveTextContent('4,551.49 元');
    expect(next).toHaveTextContent('应还日期 2026-12-01');
    expect(screen.getByTestId('owed-next-amount')).toHaveTextContent(/^4,551.49 元$/);
    expect(screen.getByTestId('owed-principal')).toHaveTextContent('123,456.78 元');
    expect(screen.getByTestId('owed-principal')).toHaveTextContent('2 笔贷款未结清');
    expect(screen.getByTestId('owed-overdue')).toHaveTextContent('3,523.83 元');
    expect(screen.getByTestId('owed-overdue')).toHaveTextContent('1 期已逾期，含截至今日罚息 23.83 元');
    expect(screen.getByTestId('owed-fees')).toHaveTextContent('400.00 元');
  });

  it('lists each instalment with a link to its loan', () => {
    setup();
    const overdue = screen.getByTestId('owed-item-2001-1');
    expect(within(overdue).getByText('已逾期')).toBeInTheDocument();
    expect(within(overdue).getByText('3,523.83 元')).toBeInTheDocument();
    // an overdue instalment: its days and the penalty to today inside its amount
    expect(within(overdue).getByTestId('owed-item-overdue')).toHaveTextContent(
      '逾期 22 天 · 含截至今日罚息 23.83 元',
    );
    expect(within(screen.getByTestId('owed-item-2001-2')).queryByTestId('owed-item-overdue')).toBeNull();
    expect(within(overdue).getByRole('link', { name: '店铺经营贷 · 富友银行' })).toHaveAttribute(
      'href',
      '/record/loanRecordDetail?rowId=2101',
    );
    const next = screen.getByTestId('owed-item-2002-1');
    expect(within(next).getByText('1,000.00 元')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: '跨境贷 · 富友银行' })).toHaveAttribute(
      'href',
      '/record/loanRecord',
    );
  });

  it('立即还款 pays an instalment through the cashier and comes back here', async () => {
    const { user, router } = setup();
    await user.click(screen.getByTestId('repay-now-2001-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('立即还款 · 第 1 期')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '微信支付' }));
    await user.click(within(dialog).getByRole('button', { name: /确认还款 3,523.83 元/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashier'));
    expect(api?.requests.find((r) => r.url === API.payRepayNow)?.data).toEqual({
      loanId: 2001,
      seq: 1,
      channel: 'WECHAT',
    });
    expect(new URLSearchParams(router.state.location.search).get('back')).toBe('/account/myAccount');
  });

  it('shows a refusal in the dialog', async () => {
    const { user } = setup(undefined, () => fail('3807', '该期尚未到期或已还清，无需主动还款'));
    await user.click(screen.getByTestId('repay-now-2001-2'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确认还款 3,551.49 元/ }));
    await within(dialog).findByText('该期尚未到期或已还清，无需主动还款');
  });

  it('去缴费 goes to the service fees', async () => {
    const { user } = setup();
    expect(screen.getByText('2 笔服务费待缴，合计')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '去缴费' }));
    await shown('fees page');
  });

  it('says so when nothing is owed', () => {
    setup({ ...overview().owed, ...NOTHING_OWED });
    expect(screen.getByText('暂无待还款项，当前没有未结清的贷款或待缴的服务费')).toBeInTheDocument();
    expect(screen.queryByTestId('owed-next-due')).toBeNull();
  });

  it('without overdue instalments shows no alert and 无逾期', () => {
    setup({ ...overview().owed, overdueAmount: '0.00', overdueItems: [] });
    expect(screen.getByTestId('owed-overdue')).toHaveTextContent('无逾期');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
