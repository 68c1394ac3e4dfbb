import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopWidth } from '../../test/loan-fixtures';
import { record } from '../../test/loan-record-fixtures';
import { order } from '../../test/pay-fixtures';
import { ok } from '../../test/render';
import { card, loanDetailPageTest } from './detail-test-setup';

const { page, setup, calls } = loanDetailPageTest();

/** The fixture's second instalment, due 2026-09-01, 9 days past due: 12.34 accrued, 14.56 counted to today. */
const OVERDUE = record({
  overdue: {
    days: 9,
    amount: '2166.05',
    penalty: '14.56',
    instalments: [{ seq: 2, dueDate: '2026-09-01', days: 9, penalty: '14.56', amount: '2166.05' }],
  },
});

const answer = () =>
  setup((r) => {
    if (r.url === API.loanRecordDetail) return ok(OVERDUE);
    if (r.url === API.payRepayNow)
      return ok({
        order: order('PAY20260910100000000051', { purpose: 'INSTALMENT' }),
        cashierUrl: '/cashier?outTradeNo=PAY20260910100000000051',
      });
    return ok(null);
  });

describe('/record/loanRecordDetail of an overdue loan', () => {
  it('says so above everything with the figures of today, and 立即还款 pays the overdue instalment', async () => {
    const user = answer();
    const banner = await screen.findByTestId('overdue-banner');
    expect(within(banner).getByTestId('overdue-amount')).toHaveTextContent('2,166.05 元');
    expect(within(banner).getByTestId('overdue-penalty')).toHaveTextContent('14.56 元');
    expect(within(banner).getByTestId('overdue-days')).toHaveTextContent('9 天');
    expect(within(banner).getByTestId('overdue-bucket')).toHaveTextContent('M1（逾期 1–30 天）');

    await user.click(within(banner).getByRole('button', { name: '立即还款' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('立即还款 · 第 2 期')).toBeInTheDocument();
    expect(within(dialog).getByText('罚息（截至今日）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认还款 2,166.05 元/ }));
    await waitFor(() => expect(calls(API.payRepayNow)).toHaveLength(1));
    expect(calls(API.payRepayNow)[0]?.data).toMatchObject({ loanId: 2001, seq: 2 });
  });

  it('the schedule and 主动还款 show the overdue instalment with its penalty to today', async () => {
    page.restoreWidth = desktopWidth();
    answer();
    await screen.findByTestId('overdue-banner');
    const second = card('还款计划').querySelector('tr[data-row-key="2"]') as HTMLElement;
    // the accrued penalty, and under it the penalty counted to today; the status with the days
    expect(second).toHaveTextContent('12.34截至今日 14.56');
    expect(second).toHaveTextContent('已逾期逾期 9 天');
    const repay = card('主动还款');
    expect(within(repay).getByText('罚息（截至今日）')).toBeInTheDocument();
    expect(within(repay).getByText('14.56 元')).toBeInTheDocument();
    expect(within(repay).getByTestId('repay-total')).toHaveTextContent('2,166.05 元');
    expect(within(repay).getByText('9 天')).toBeInTheDocument();
  });

  it('on a phone, the instalment card shows the days and the penalty to today', async () => {
    answer();
    await screen.findByTestId('overdue-banner');
    const item = screen.getByRole('listitem', { name: '第 2 期 · 2026-09-01' });
    expect(within(item).getByText('逾期天数').nextSibling).toHaveTextContent('9 天');
    expect(within(item).getByText('罚息（截至今日）').nextSibling).toHaveTextContent('14.56');
  });

  it('no banner for a loan without an overdue instalment', async () => {
    setup((r) => (r.url === API.loanRecordDetail ? ok(record()) : ok(null)));
    await screen.findByText('还款计划');
    expect(screen.queryByTestId('overdue-banner')).toBeNull();
  });
});
