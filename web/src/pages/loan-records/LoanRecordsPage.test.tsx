import { API, type LoanRecordQuery } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOAN_INFO_PATH } from '../../app/paths';
import { desktopWidth, loanRecordItem, signedInPageTest } from '../../test/loan-fixtures';
import { choose, fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import LoanRecordsPage from './LoanRecordsPage';

const page = signedInPageTest();

const PAGES: Record<string, { items: ReturnType<typeof loanRecordItem>[]; nextCursor: string | null }> = {
  first: { items: [loanRecordItem(301), loanRecordItem(300, { recordStatus: 'OVERDUE' })], nextCursor: 'c2' },
  c2: {
    items: [loanRecordItem(299, { recordStatus: 'SETTLED', outstandingPrincipal: '0.00' })],
    nextCursor: null,
  },
};

function setup(answer: (q: LoanRecordQuery) => unknown = (q) => PAGES[q.cursor ?? 'first']) {
  page.api = fakeApi((r) => (r.url === API.loanRecords ? ok(answer(r.params as LoanRecordQuery)) : ok(null)));
  renderRoutes(
    [
      { path: '/record/loanRecord', element: <LoanRecordsPage /> },
      { path: '/record/loanRecordDetail', element: <div>detail page</div> },
      { path: LOAN_INFO_PATH, element: <div>loan info page</div> },
    ],
    ['/record/loanRecord'],
  );
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const listCalls = () => (page.api?.requests ?? []).filter((r) => r.url === API.loanRecords);
const lastParams = () => listCalls().at(-1)?.params as LoanRecordQuery;

describe('/record/loanRecord', () => {
  it('lists the records in a table at desktop width, with Beijing times and a link to the detail', async () => {
    page.restoreWidth = desktopWidth();
    setup();
    const table = (await screen.findByRole('table')) as HTMLElement;
    await within(table).findByText('信托贷301');
    expect(lastParams()).toEqual({ limit: 10 });
    const row = within(table).getByText('信托贷301').closest('tr') as HTMLElement;
    expect(within(row).getByText('云南国际信托')).toBeInTheDocument();
    expect(within(row).getByText('50,000.00 元')).toBeInTheDocument();
    expect(within(row).getByText('12 个月')).toBeInTheDocument();
    expect(within(row).getByText('还款中')).toBeInTheDocument();
    expect(within(row).getByText('41,000.00 元')).toBeInTheDocument();
    // 03:04:05 UTC is 11:04:05 in Shanghai
    expect(within(row).getByText('2026-11-02 11:04:05')).toBeInTheDocument();
    expect(within(table).getByText('已逾期')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '详情' })).toHaveAttribute(
      'href',
      '/record/loanRecordDetail?rowId=301',
    );
    // the table is as wide as its columns together: none (放款时间) slides under the fixed 操作 column
    const widths = [...table.querySelectorAll('colgroup col')].map(
      (col) => Number.parseFloat((col as HTMLElement).style.width) || 0,
    );
    const sum = widths.reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThan(1000);
    expect(Number.parseFloat(table.style.width)).toBeGreaterThanOrEqual(sum);
  });

  it('sends the filters as query parameters and starts again at the first page', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup((q) => (q.status ? { items: [], nextCursor: null } : PAGES[q.cursor ?? 'first']));
    await screen.findByText('信托贷301');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(lastParams()).toEqual({ limit: 10, cursor: 'c2' }));
    await choose(user, '状态', '已逾期');
    await waitFor(() => expect(lastParams()).toEqual({ status: 'OVERDUE', limit: 10 }));
    await choose(user, '合作机构', '广发银行');
    await waitFor(() => expect(lastParams()).toEqual({ status: 'OVERDUE', bank: 'CGB', limit: 10 }));
    expect(screen.getByText('第 1 页')).toBeInTheDocument();
    await shown('没有符合筛选条件的记录', { selector: '.ant-empty-description' });
    await user.click(screen.getByRole('button', { name: /重\s?置/ }));
    // no filters again: the first page (from the cache) shows
    await shown('信托贷301');
    expect(screen.getByText('全部状态')).toBeInTheDocument();
  });

  it('pages forward with the cursor and back with the stack of cursors', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup();
    await screen.findByText('信托贷301');
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await shown('信托贷299');
    expect(lastParams()).toEqual({ limit: 10, cursor: 'c2' });
    expect(screen.getByText('第 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '上一页' }));
    await shown('信托贷301');
    expect(screen.getByText('第 1 页')).toBeInTheDocument();
    expect(screen.queryByText('信托贷299')).toBeNull();
    // page size: back to the first page with the new limit
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('信托贷299');
    await choose(user, '每页条数', '20 条/页');
    await waitFor(() => expect(lastParams()).toEqual({ limit: 20 }));
  });

  it('with no application yet says so and offers 去申请, to the products', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup(() => ({ items: [], nextCursor: null }));
    expect(
      await screen.findByText('您还没有贷款申请', { selector: '.ant-empty-description' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('暂无数据', { selector: '.ant-empty-description' })).toBeNull();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '去申请' }));
    await shown('loan info page');
  });

  it("shows the server's refusal of a filter (e.g. a bad date range) above the list", async () => {
    page.restoreWidth = desktopWidth();
    page.api = fakeApi((r) =>
      r.url === API.loanRecords ? fail('1001', '开始日期不能晚于结束日期') : ok(null),
    );
    renderRoutes([{ path: '/', element: <LoanRecordsPage /> }]);
    await shown('开始日期不能晚于结束日期');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('shows the rows as cards at phone width', async () => {
    const user = setup();
    await shown('信托贷301');
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByText('信托贷301').closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('还款中')).toBeInTheDocument();
    expect(within(card).getByText('50,000.00 元')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: '查看详情' }));
    await shown('detail page');
  });
});
