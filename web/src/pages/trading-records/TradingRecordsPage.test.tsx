import { API, type TradingRecordPage, type TradingRecordQuery } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { desktopWidth, ledgerLine, signedInPageTest } from '../../test/loan-fixtures';
import { choose, fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import TradingRecordsPage from './TradingRecordsPage';

const page = signedInPageTest();
afterEach(() => {
  vi.restoreAllMocks();
});

// the ledger's signed net sums: 50,000.00 received, a repayment of 4,650.00 (4,000.00 principal), …
const TOTALS = {
  amount: '45350.00',
  principal: '46000.00',
  disbursed: '50000.00',
  interest: '-600.00',
  penalty: '-50.00',
  fee: '0.00',
  count: 3,
};
const PAGES: Record<string, TradingRecordPage> = {
  first: {
    items: [
      ledgerLine(12),
      ledgerLine(11, {
        type: 'DISBURSEMENT',
        amount: '50000.00',
        principal: '50000.00',
        interest: '0.00',
        penalty: '0.00',
        memo: '放款',
      }),
    ],
    nextCursor: 'n2',
    totals: TOTALS,
  },
  n2: {
    items: [ledgerLine(10, { type: 'REVERSAL', amount: '4650.00', reversesId: 9, memo: null })],
    nextCursor: null,
    totals: TOTALS,
  },
};

type Answer = (r: { url: string; params: unknown }) => { body?: unknown } | undefined;

function setup(answer?: Answer) {
  page.api = fakeApi((r) => {
    const custom = answer?.(r);
    if (custom) return custom;
    if (r.url === API.tradingRecord) return ok(PAGES[(r.params as TradingRecordQuery).cursor ?? 'first']);
    return ok(null);
  });
  renderRoutes([{ path: '/', element: <TradingRecordsPage /> }]);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const calls = (url: string) => (page.api?.requests ?? []).filter((r) => r.url === url);
const lastParams = () => calls(API.tradingRecord).at(-1)?.params;
const total = (key: string) =>
  screen.getByTestId(`total-${key}`).querySelector('.ant-statistic-content')?.textContent;
const totalTitle = (key: string) =>
  screen.getByTestId(`total-${key}`).querySelector('.ant-statistic-title')?.textContent;

describe('/trading/tradingRecord', () => {
  it('shows the totals of the range and the lines with signed, coloured amounts and their parts', async () => {
    page.restoreWidth = desktopWidth();
    setup();
    const table = (await screen.findByRole('table')) as HTMLElement;
    await within(table).findByText('第 12 笔');
    expect(lastParams()).toEqual({ limit: 10 });
    expect(total('count')).toBe('3笔');
    // each flow a positive amount named with its direction, not a signed net sum
    const said = ['amount', 'disbursed', 'principal', 'interest', 'penalty', 'fee'].map(
      (key) => `${totalTitle(key)} ${total(key)}`,
    );
    expect(said).toEqual([
      '资金净流入 45,350.00元',
      '放款本金 50,000.00元',
      '已还本金 4,000.00元',
      '已付利息 600.00元',
      '已付罚息 50.00元',
      '已付服务费（扣除退款后） 0.00元',
    ]);
    const repayment = within(table).getByText('第 12 笔').closest('tr') as HTMLElement;
    expect(within(repayment).getByText('还款')).toBeInTheDocument();
    expect(within(repayment).getByText('-4,650.00').closest('.ant-typography')).toHaveClass(
      'ant-typography-danger',
    );
    expect(within(repayment).getByText('本金 4,000.00 · 利息 600.00 · 罚息 50.00')).toBeInTheDocument();
    // 01:00 UTC is 09:00 in Shanghai
    expect(within(repayment).getByText('2026-11-15 09:00:00')).toBeInTheDocument();
    const disbursement = within(table).getByText('放款', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(disbursement).getByText('+50,000.00').closest('.ant-typography')).toHaveClass(
      'ant-typography-success',
    );
  });

  it('sends the type and dates as query parameters, pages by cursor and back', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup();
    await screen.findByText('第 12 笔');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await shown('冲正第 9 笔');
    expect(lastParams()).toEqual({ limit: 10, cursor: 'n2' });
    await user.click(screen.getByRole('button', { name: '上一页' }));
    await shown('第 12 笔');
    expect(screen.getByText('第 1 页')).toBeInTheDocument();

    await choose(user, '交易类型', '还款');
    await waitFor(() => expect(lastParams()).toEqual({ type: 'REPAYMENT', limit: 10 }));
    const start = screen.getByLabelText('交易日期');
    await user.click(start);
    await user.type(start, '2026-11-01');
    const end = document.querySelectorAll('.ant-picker-range input')[1] as HTMLElement;
    await user.click(end);
    await user.type(end, '2026-11-30{Enter}');
    await waitFor(() =>
      expect(lastParams()).toEqual({ type: 'REPAYMENT', from: '2026-11-01', to: '2026-11-30', limit: 10 }),
    );
  });

  it('exports the filtered range as CSV and Excel through the API with the token, saved as a file', async () => {
    page.restoreWidth = desktopWidth();
    const createUrl = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const user = setup((r) =>
      r.url === API.tradingExport
        ? { body: new Blob(['\ufeff时间,类型\n'], { type: 'text/csv' }) }
        : undefined,
    );
    await screen.findByText('第 12 笔');
    await choose(user, '交易类型', '还款');
    await waitFor(() => expect(lastParams()).toEqual({ type: 'REPAYMENT', limit: 10 }));
    await user.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(clicks).toEqual(['交易记录.csv']));
    expect(calls(API.tradingExport)[0]?.params).toEqual({ type: 'REPAYMENT', format: 'csv' });
    expect(calls(API.tradingExport)[0]?.headers.accessToken).toBe('tok');
    await user.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(clicks).toEqual(['交易记录.csv', '交易记录.xlsx']));
    expect(calls(API.tradingExport)[1]?.params).toEqual({ type: 'REPAYMENT', format: 'xlsx' });
    expect(createUrl).toHaveBeenCalledTimes(2);
  });

  it('shows a refused export as a message and saves nothing', async () => {
    page.restoreWidth = desktopWidth();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = setup((r) =>
      r.url === API.tradingExport
        ? {
            body: new Blob([JSON.stringify(fail('4101', '导出范围过大，请缩小日期范围后重试').body)], {
              type: 'application/json',
            }),
          }
        : undefined,
    );
    await screen.findByText('第 12 笔');
    await user.click(screen.getByRole('button', { name: '导出 Excel' }));
    await shown('导出范围过大，请缩小日期范围后重试');
    expect(clicks).not.toHaveBeenCalled();
    // the message can show a render before the button leaves its loading state
    await waitFor(() => expect(screen.getByRole('button', { name: '导出 Excel' })).toBeEnabled());
  });

  it('an empty ledger says what it will hold, offers 去申请, zero totals and nothing to export', async () => {
    page.restoreWidth = desktopWidth();
    setup((r) =>
      r.url === API.tradingRecord
        ? ok({ items: [], nextCursor: null, totals: { ...TOTALS, amount: '0.00', count: 0 } })
        : undefined,
    );
    expect(
      await screen.findByText('暂无交易记录：放款、还款与服务费缴纳都会记在这里', {
        selector: '.ant-empty-description',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('暂无数据', { selector: '.ant-empty-description' })).toBeNull();
    expect(screen.getByRole('button', { name: '去申请' })).toBeInTheDocument();
    expect(total('count')).toBe('0笔');
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '导出 Excel' })).toBeDisabled();
  });

  it('an empty filtered range offers to clear the filters, which shows the ledger again', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup((r) =>
      r.url === API.tradingRecord && (r.params as TradingRecordQuery).type
        ? ok({ items: [], nextCursor: null, totals: { ...TOTALS, amount: '0.00', count: 0 } })
        : undefined,
    );
    await shown('第 12 笔');
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeEnabled();
    await choose(user, '交易类型', '退款');
    await shown('没有符合筛选条件的记录', { selector: '.ant-empty-description' });
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await shown('第 12 笔');
  });

  it('shows the lines as cards at phone width, with the export buttons', async () => {
    setup();
    await shown('第 12 笔');
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByText('第 12 笔').closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('-4,650.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeInTheDocument();
  });
});
