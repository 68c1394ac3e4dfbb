import { API } from '@loan/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { record } from '../../test/loan-record-fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';
import LoanRecordDetailPage from './LoanRecordDetailPage';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

/** At phone width (the tests' default: no media query matches). */
function setup(handler: Parameters<typeof fakeApi>[0]) {
  api = fakeApi(handler);
  renderRoutes(
    [{ path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> }],
    ['/record/loanRecordDetail?rowId=301'],
  );
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const shownCard = async (title: string) => {
  await shown(title);
  return card(title);
};

describe('/record/loanRecordDetail on a phone', () => {
  it('at phone width shows each instalment and ledger line as a card with every amount', async () => {
    setup((r) => (r.url === API.loanRecordDetail ? ok(record()) : ok(null)));
    const schedule = await within(await shownCard('还款计划')).findByRole('list', { name: '还款计划' });
    expect(card('还款计划').querySelector('.ant-table')).toBeNull();
    const second = within(schedule).getByRole('listitem', { name: '第 2 期 · 2026-09-01' });
    expect(within(second).getByText('已逾期')).toBeInTheDocument();
    const figures = [...second.querySelectorAll('dl > div')].map((d) => d.textContent);
    expect(figures).toEqual([
      '本金2,969.72',
      '利息181.77',
      '服务费0.00',
      '罚息12.34',
      '应还3,163.83',
      '已还1,000.00',
      '减免0.00',
      '未还2,163.83',
    ]);
    // the totals as a last card, every figure in view
    const totals = within(schedule).getByRole('listitem', { name: '合计' });
    expect(within(totals).getByText('未还').nextSibling?.textContent ?? totals.textContent).toContain(
      '5,315.32',
    );
    const ledger = card('交易明细');
    expect(ledger.querySelector('.ant-table')).toBeNull();
    expect(within(ledger).getByText('-3,151.49')).toBeInTheDocument();
    expect(within(ledger).getByText('+12,000.00')).toBeInTheDocument();
    expect(within(ledger).getByText('本金 2,911.49 · 利息 240.00')).toBeInTheDocument();
  });
});
