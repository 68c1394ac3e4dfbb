import { type FeeIncomeReport, OPS_API, type PrincipalReport, type ReconciliationReport } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import ReportsPage from './ReportsPage';

const api = vi.hoisted(() => ({
  reconciliation: vi.fn(),
  feeIncome: vi.fn(),
  principal: vi.fn(),
  download: vi.fn(),
}));
vi.mock('../../api/reports', () => ({
  reconciliationQuery: (date: string) => ({
    queryKey: ['reconciliation', date],
    queryFn: () => api.reconciliation(date),
  }),
  feeIncomeQuery: (filter: unknown) => ({
    queryKey: ['fee-income', filter],
    queryFn: () => api.feeIncome(filter),
  }),
  principalQuery: () => ({ queryKey: ['principal'], queryFn: () => api.principal() }),
  downloadReport: api.download,
}));

const tally = (count: number, amount: string) => ({ count, amount });
const RECONCILIATION: ReconciliationReport = {
  date: '2026-03-01',
  gatewayChecked: true,
  gatewayNote: null,
  totals: {
    paidOrders: tally(2, '1234567.89'),
    refunds: tally(1, '300.00'),
    ledgerReceipts: tally(1, '1233587.89'),
    ledgerRefunds: tally(1, '300.00'),
    gatewayOrders: tally(2, '1234567.89'),
    gatewayRefunds: tally(1, '300.00'),
    receiptDifference: '980.00',
    refundDifference: '0.00',
    gatewayOrderDifference: '0.00',
    gatewayRefundDifference: '0.00',
    net: '1234267.89',
  },
  mismatches: [
    {
      kind: 'ORDER_WITHOUT_LEDGER',
      label: '已支付订单无账本收款',
      outTradeNo: 'PAY20260301101500000042',
      refundNo: null,
      ledgerIds: [],
      loginId: 'seller01',
      ours: '980.00',
      ledger: null,
      gateway: null,
      reason: '订单 PAY20260301101500000042 已于当日支付 980.00 元，但当日账本中没有该订单的收款记录',
    },
  ],
};
const FEES: FeeIncomeReport = {
  from: '2026-03-01',
  to: '2026-03-02',
  by: 'day',
  rows: [
    {
      period: '2026-03-01',
      charged: '1020.00',
      discount: '20.00',
      received: '1000.00',
      refunded: '0.00',
      net: '1000.00',
    },
    {
      period: '2026-03-02',
      charged: '0.00',
      discount: '0.00',
      received: '0.00',
      refunded: '300.00',
      net: '-300.00',
    },
  ],
  totals: { charged: '1020.00', discount: '20.00', received: '1000.00', refunded: '300.00', net: '700.00' },
};
const figures = { loans: 3, openLoans: 2, disbursed: '280000.00', outstanding: '151234.56' };
const PRINCIPAL: PrincipalReport = {
  asOf: '2026-03-02T02:00:00.000Z',
  rows: [
    { bank: 'YNIT', bankName: '云南国际信托', productCode: 'YNIT-XT02', productName: '信托贷', ...figures },
  ],
  banks: [{ bank: 'YNIT', bankName: '云南国际信托', ...figures }],
  totals: figures,
};

/** The tab shown now (antd keeps the tabs already opened in the page, hidden). */
const activePanel = () => {
  const panel = document.querySelector<HTMLElement>('[role="tabpanel"][aria-hidden="false"]');
  if (!panel) throw new Error('no tab shown');
  return within(panel);
};

beforeEach(() => {
  // the page's default day is yesterday in Shanghai: the clock is fixed (Date only; timers stay real)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T02:00:00Z'));
  for (const fn of Object.values(api)) fn.mockReset();
  api.reconciliation.mockResolvedValue(RECONCILIATION);
  api.feeIncome.mockResolvedValue(FEES);
  api.principal.mockResolvedValue(PRINCIPAL);
  api.download.mockResolvedValue(undefined);
});
afterEach(() => vi.useRealTimers());

describe('报表', () => {
  it('shows yesterday’s reconciliation: totals, the mismatch and its reason, and exports that day', async () => {
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    expect(await screen.findByText('已支付订单')).toBeInTheDocument();
    expect(api.reconciliation).toHaveBeenCalledWith('2026-03-01');
    expect(screen.getAllByText('1,234,567.89')).toHaveLength(2);
    expect(screen.getByText('2026-03-01 发现 1 笔差异，请逐笔核查')).toBeInTheDocument();
    expect(screen.getByText(RECONCILIATION.mismatches[0]?.reason ?? '')).toBeInTheDocument();
    expect(screen.getByText('已支付订单无账本收款')).toBeInTheDocument();
    await userEvent.click(activePanel().getByRole('button', { name: /导出 Excel/ }));
    expect(api.download).toHaveBeenCalledWith(
      OPS_API.reportReconciliationExport,
      { date: '2026-03-01' },
      '对账-2026-03-01.xlsx',
    );
  });

  it('shows a day that agrees, and says so when the gateway was not asked', async () => {
    api.reconciliation.mockResolvedValue({
      ...RECONCILIATION,
      gatewayChecked: false,
      gatewayNote: '支付网关对账单暂时无法获取，本次未与网关核对，请稍后重试',
      totals: { ...RECONCILIATION.totals, gatewayOrders: null, gatewayOrderDifference: null },
      mismatches: [],
    });
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    expect(await screen.findByText('2026-03-01 支付网关、订单与账本一致，没有差异')).toBeInTheDocument();
    expect(screen.getByText('支付网关对账单暂时无法获取，本次未与网关核对，请稍后重试')).toBeInTheDocument();
    expect(screen.getAllByText('未核对').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('当日没有差异')).toBeInTheDocument();
  });

  it('shows the fee income of this month by day with its totals, by month on asking, and exports the range', async () => {
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    await userEvent.click(await screen.findByRole('tab', { name: '服务费收入' }));
    expect(await screen.findByText('2026-03-02')).toBeInTheDocument();
    expect(api.feeIncome).toHaveBeenCalledWith({ from: '2026-03-01', to: '2026-03-02', by: 'day' });
    const panel = activePanel();
    expect(panel.getByText('合计')).toBeInTheDocument();
    expect(panel.getByText('700.00')).toBeInTheDocument();
    expect(panel.getByText('-300.00')).toBeInTheDocument();
    expect(panel.getAllByText('实收服务费（元）').length).toBeGreaterThan(0);
    await userEvent.click(panel.getByRole('button', { name: /导出 Excel/ }));
    expect(api.download).toHaveBeenCalledWith(
      OPS_API.reportFeeIncomeExport,
      { from: '2026-03-01', to: '2026-03-02', by: 'day' },
      '服务费收入-2026-03-01-2026-03-02.xlsx',
    );
    await userEvent.click(panel.getByText('按月'));
    await waitFor(() =>
      expect(api.feeIncome).toHaveBeenCalledWith({ from: '2025-04-01', to: '2026-03-02', by: 'month' }),
    );
  });

  it('shows principal by product and by bank with the totals, and an empty book as such', async () => {
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    await userEvent.click(await screen.findByRole('tab', { name: '本金余额' }));
    expect(await screen.findByText('信托贷（YNIT-XT02）')).toBeInTheDocument();
    const panel = activePanel();
    expect(panel.getAllByText('151,234.56')).toHaveLength(4);
    expect(panel.getByText('统计时间：2026-03-02 10:00:00（北京时间）')).toBeInTheDocument();
    expect(panel.getAllByText('合计')).toHaveLength(2);
  });

  it('says when nothing has been lent yet', async () => {
    api.principal.mockResolvedValue({ ...PRINCIPAL, rows: [], banks: [] });
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    await userEvent.click(await screen.findByRole('tab', { name: '本金余额' }));
    expect(await screen.findAllByText('尚无放款')).toHaveLength(2);
  });

  it('shows the loading state while a report is on its way', async () => {
    api.reconciliation.mockReturnValue(new Promise(() => {}));
    renderAt([{ path: '/reports', Component: ReportsPage }], '/reports');
    await screen.findByText('汇总');
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
  });
});
