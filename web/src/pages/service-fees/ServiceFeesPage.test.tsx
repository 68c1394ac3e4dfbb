import type { FeeListQuery } from '@loan/domain';
import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { desktopWidth, signedInPageTest } from '../../test/loan-fixtures';
import { coupon, feeItem, feePage, order } from '../../test/pay-fixtures';
import { choose, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import ServiceFeesPage from './ServiceFeesPage';

const page = signedInPageTest();

const ITEMS = [
  feeItem(1, { status: 'OVERDUE', dueDate: '2026-11-15' }),
  feeItem(2),
  feeItem(3, {
    status: 'PAID',
    paid: '350.00',
    discount: '50.00',
    outstanding: '0.00',
    couponTitle: '满减券9',
  }),
];
const OPTIONS = {
  options: [
    { coupon: coupon(7), feeId: 1, discount: '50.00' },
    {
      coupon: coupon(8, { kind: 'PERCENT_OFF', title: '九折券', rule: '服务费减 10%' }),
      feeId: 1,
      discount: '40.00',
    },
  ],
};

function setup({ created = order('PAY20261123100000000042'), path = '/service/serviceDetail' } = {}) {
  page.api = fakeApi((r) => {
    if (r.url === API.feeList) {
      const q = r.params as FeeListQuery;
      return ok(q.cursor === 'c2' ? feePage([feeItem(4)]) : feePage(ITEMS, 'c2'));
    }
    if (r.url === API.couponOptions) return ok(OPTIONS);
    if (r.url === API.payCreateOrder)
      return ok({ order: created, cashierUrl: `/cashier?outTradeNo=${created.outTradeNo}` });
    if (r.url === API.feeDetail)
      return ok({
        item: ITEMS[2],
        rateLabel: '0.20%/月',
        payments: [
          {
            outTradeNo: 'PAY20261120100000000007',
            channel: 'WECHAT',
            amount: '350.00',
            discount: '50.00',
            status: 'PAID',
            paidAt: '2026-11-20T02:00:00.000Z',
            createdAt: '2026-11-20T01:59:00.000Z',
          },
        ],
        refunds: [
          {
            refundNo: 'RF20261121100000000003',
            amount: '50.00',
            status: 'REFUNDED',
            createdAt: '2026-11-21T02:00:00.000Z',
          },
        ],
      });
    return ok({ items: [], nextCursor: null });
  });
  const view = renderRoutes(
    [
      { path: '/service/serviceDetail', element: <ServiceFeesPage /> },
      { path: '/cashier', element: <div>cashier page</div> },
    ],
    [path],
  );
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), ...view };
}

const calls = (url: string) => (page.api?.requests ?? []).filter((r) => r.url === url);

describe('/service/serviceDetail', () => {
  it('shows the four totals and the fee items with their status, amounts and loan', async () => {
    page.restoreWidth = desktopWidth();
    setup();
    const totals = await screen.findByRole('list', { name: '服务费汇总' });
    await waitFor(() => expect(totals).toHaveTextContent('待缴2,000.00元'));
    expect(totals).toHaveTextContent('30 日内到期800.00元');
    expect(totals).toHaveTextContent('逾期未缴400.00元');
    expect(totals).toHaveTextContent('本年已缴（含已退款）1,200.00元');
    expect(totals).toHaveTextContent('已退款50.00元');
    const table = (await screen.findByText('第 3 期服务费')).closest('table') as HTMLElement;
    const row = within(table).getByText('第 3 期服务费').closest('tr') as HTMLElement;
    expect(within(row).getByText('已缴')).toBeInTheDocument();
    expect(within(row).getByText('350.00 元')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '广发跨境e贷' })).toHaveAttribute(
      'href',
      '/record/loanRecordDetail?rowId=301',
    );
    expect(within(table).getByText('逾期')).toBeInTheDocument();
    expect(calls(API.feeList).at(-1)?.params).toEqual({ pageSize: 10 });
  });

  it('with no fee yet says when fees appear and offers 去申请', async () => {
    page.restoreWidth = desktopWidth();
    page.api = fakeApi((r) => (r.url === API.feeList ? ok(feePage([])) : ok(null)));
    renderRoutes([{ path: '/', element: <ServiceFeesPage /> }]);
    await shown('暂无服务费：借款放款后，各笔服务费在此列出', { selector: '.ant-empty-description' });
    expect(screen.getByRole('button', { name: '去申请' })).toBeInTheDocument();
  });

  it('starts filtered to the loan it was opened for', async () => {
    page.restoreWidth = desktopWidth();
    setup({ path: '/service/serviceDetail?loanId=2001' });
    await screen.findByText('第 3 期服务费');
    expect(calls(API.feeList)[0]?.params).toEqual({ loanId: 2001, pageSize: 10 });
  });

  it('sends the status filter and pages with the cursor', async () => {
    page.restoreWidth = desktopWidth();
    const { user } = setup();
    await screen.findByText('第 3 期服务费');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(calls(API.feeList).at(-1)?.params).toEqual({ pageSize: 10, cursor: 'c2' }));
    await choose(user, '状态', '逾期');
    await waitFor(() =>
      expect(calls(API.feeList).at(-1)?.params).toEqual({ status: 'OVERDUE', pageSize: 10 }),
    );
  });

  it('pays two due items together with the best coupon preselected and the discount shown first', async () => {
    page.restoreWidth = desktopWidth();
    const { user, router } = setup();
    await screen.findByText('第 3 期服务费');
    const boxes = screen.getAllByRole('checkbox', { name: /选择第/ });
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    await shown('已选 2 笔，合计 800.00 元');
    await user.click(screen.getByRole('button', { name: '缴纳所选' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('满减券7');
    expect(within(dialog).getByText('最优')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /满减券7/ })).toBeChecked();
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('750.00 元');
    expect(within(dialog).getByText('-50.00 元')).toBeInTheDocument();
    // another coupon, then none: the figures follow
    await user.click(within(dialog).getByRole('radio', { name: /九折券/ }));
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('760.00 元');
    await user.click(within(dialog).getByRole('radio', { name: '不使用优惠券' }));
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('800.00 元');
    await user.click(within(dialog).getByRole('radio', { name: /满减券7/ }));
    await user.click(within(dialog).getByRole('radio', { name: '微信支付' }));
    await user.click(within(dialog).getByRole('button', { name: /确认支付 750.00 元/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashier'));
    expect(calls(API.payCreateOrder)[0]?.data).toEqual({ feeIds: [1, 2], couponId: 7, channel: 'WECHAT' });
    expect(new URLSearchParams(router.state.location.search).get('back')).toBe('/service/serviceDetail');
  });

  it('finishes at once when the coupon covers the whole fee', async () => {
    page.restoreWidth = desktopWidth();
    const { user, router } = setup({
      created: order('PAY20261123100000000043', { status: 'PAID', amount: '0.00' }),
    });
    await screen.findByText('第 3 期服务费');
    const row = screen.getByText('第 2 期服务费').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '缴纳' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('满减券7');
    await user.click(within(dialog).getByRole('button', { name: /确认支付/ }));
    await shown('优惠券已全额抵扣，缴费完成');
    expect(router.state.location.pathname).toBe('/service/serviceDetail');
  });

  it('opens an item with its payments (receipt) and refunds', async () => {
    page.restoreWidth = desktopWidth();
    const { user } = setup();
    await screen.findByText('第 3 期服务费');
    const row = screen.getByText('第 3 期服务费').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('PAY20261120100000000007');
    expect(within(drawer).getByText(/400.00 元（0.20%\/月）/)).toBeInTheDocument();
    expect(within(drawer).getByText(/微信支付 · 实付 350.00 元/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /电子回单/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'RF20261121100000000003' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '申请退款' })).toHaveAttribute(
      'href',
      '/account/refund?outTradeNo=PAY20261120100000000007',
    );
  });

  it('shows the items as cards at phone width, each money figure readable', async () => {
    const { user } = setup();
    await shown('第 3 期服务费');
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByText('第 1 期服务费').closest('.ant-card') as HTMLElement;
    expect(within(card).getAllByText('400.00 元').length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('checkbox'));
    await shown('已选 1 笔，合计 400.00 元');
  });
});
