import type { InstalmentView, LoanView } from '@loan/domain';
import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { instalment as recordInstalment } from '../../test/loan-record-fixtures';
import { order } from '../../test/pay-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { instalmentToRepay, RepayNow } from './RepayNow';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

const LOAN = { loanId: 2001, status: 'OVERDUE' } as LoanView;
const instalment = (seq: number, overrides: Partial<InstalmentView> = {}): InstalmentView =>
  recordInstalment(seq, { fee: '400.00', outstanding: '3551.49', ...overrides });
const SCHEDULE = [
  instalment(1, {
    status: 'PAID',
    paidPrincipal: '2911.49',
    paidInterest: '240.00',
    paidFee: '400.00',
    outstanding: '0.00',
  }),
  instalment(2, { status: 'OVERDUE', penalty: '12.34', paidInterest: '40.00', outstanding: '3523.83' }),
  instalment(3),
];

function setup(
  answer = () =>
    ok({
      order: order('PAY20261123100000000050', { purpose: 'INSTALMENT' }),
      cashierUrl: '/cashier?outTradeNo=PAY20261123100000000050',
    }),
) {
  api = fakeApi((r) => (r.url === API.payRepayNow ? answer() : ok(null)));
  const view = renderRoutes(
    [
      { path: '/record/loanRecordDetail', element: <RepayNow loan={LOAN} instalments={SCHEDULE} /> },
      { path: '/cashier', element: <div>cashier page</div> },
    ],
    ['/record/loanRecordDetail?rowId=301'],
  );
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), ...view };
}

describe('主动还款', () => {
  it('picks the earliest unpaid instalment', () => {
    expect(instalmentToRepay(SCHEDULE)?.seq).toBe(2);
    expect(instalmentToRepay([SCHEDULE[0] as InstalmentView])).toBeNull();
  });

  it('shows principal, interest, penalty and fee owed before committing, then goes to the cashier', async () => {
    const { user, router } = setup();
    await shown('第 2 期已逾期，罚息按日计收，请尽快还款');
    expect(screen.getByText('2,911.49 元')).toBeInTheDocument();
    expect(screen.getByText('200.00 元')).toBeInTheDocument();
    expect(screen.getByText('12.34 元')).toBeInTheDocument();
    expect(screen.getByText('400.00 元')).toBeInTheDocument();
    expect(screen.getByTestId('repay-total')).toHaveTextContent('3,523.83 元');
    await user.click(screen.getByRole('button', { name: '立即还款' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '银联' }));
    await user.click(within(dialog).getByRole('button', { name: /确认还款 3,523.83 元/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashier'));
    expect(api?.requests.find((r) => r.url === API.payRepayNow)?.data).toEqual({
      loanId: 2001,
      seq: 2,
      channel: 'UNIONPAY',
    });
    expect(new URLSearchParams(router.state.location.search).get('back')).toBe(
      '/record/loanRecordDetail?rowId=301',
    );
  });

  it('shows the refusal in the dialog', async () => {
    const { user } = setup(() => fail('3807', '该期尚未到期或已还清，无需主动还款'));
    await user.click(await screen.findByRole('button', { name: '立即还款' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确认还款/ }));
    await within(dialog).findByText('该期尚未到期或已还清，无需主动还款');
  });

  it('says a payment is being confirmed instead of starting another one', async () => {
    const reason =
      '有一笔支付正在确认中（订单 PAY20261123100000000049），请稍后刷新查看结果，确认前请勿重复支付';
    const { user } = setup(() => fail('3815', reason));
    await user.click(await screen.findByRole('button', { name: '立即还款' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确认还款/ }));
    await within(dialog).findByText(reason);
  });
});
