import type { SettlementQuote } from '@loan/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInPageTest } from '../../test/loan-fixtures';
import { fakeApi, renderRoutes } from '../../test/render';
import LoanRecordDetailPage from './LoanRecordDetailPage';

export const QUOTE: SettlementQuote = {
  loanId: 2001,
  asOfDate: '2026-09-10',
  validUntil: '2026-09-10T15:59:59.999Z',
  principal: '6118.79',
  interest: '40.79',
  fee: '0.00',
  penalty: '12.34',
  credit: '0.00',
  total: '6171.92',
  feeWaived: '60.00',
  feeNote: '剩余 2 期服务费 60.00 元提前结清免收',
  creditNote: '',
  openOrder: null,
};

export const ORDER = {
  outTradeNo: 'PAY20260910100000000077',
  purpose: 'SETTLEMENT',
  loanId: 2001,
  productName: '信托贷',
  channel: 'TRANSFER',
  channelLabel: '对公转账',
  amount: '6171.92',
  discount: '0.00',
  couponId: null,
  couponTitle: null,
  status: 'CREATED',
  statusLabel: '待支付',
  closeReason: null,
  items: [],
  unapplied: '0.00',
  refunded: '0.00',
  refundable: '0.00',
  createdAt: '2026-09-10T02:00:00.000Z',
  expiresAt: '2026-09-10T02:30:00.000Z',
  paidAt: null,
  closedAt: null,
};

export type Handler = Parameters<typeof fakeApi>[0];

/**
 * The loan detail page under test, for one test file (call it at the file's top: it registers that file's hooks):
 * a signed-in page with a faked API, the page rendered at a path, its cards by title, its calls by path.
 */
export function loanDetailPageTest() {
  const page = signedInPageTest();
  const setup = (handler: Handler, path = '/record/loanRecordDetail?rowId=301') => {
    page.api = fakeApi(handler);
    renderRoutes(
      [
        { path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> },
        { path: '/record/loanRecord', element: <div>records page</div> },
        { path: '/cashier', element: <div>cashier page</div> },
      ],
      [path],
    );
    return userEvent.setup({ pointerEventsCheck: 0 });
  };
  const calls = (url: string) => (page.api?.requests ?? []).filter((r) => r.url === url);
  return { page, setup, calls };
}

export const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
