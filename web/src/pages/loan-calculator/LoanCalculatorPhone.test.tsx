import { buildSchedule, formatPercent, formatYuan } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CARDS } from '../../test/product-cards';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { fixToday } from '../../test/today';
import { todayInShanghai } from './calculator-input';
import LoanCalculatorPage from './LoanCalculatorPage';
import { paymentText } from './schedule-text';

fixToday();

vi.mock('./PrincipalInterestChart', () => ({
  default: () => <div data-testid="chart-stub" />,
}));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

/** At phone width (the tests' default): no media query matches. */
function setup() {
  api = fakeApi(() => ok({ items: PRODUCT_CARDS }));
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderRoutes([
    { path: '/', element: <LoanCalculatorPage /> },
    { path: '/apply/LoanInfo', element: <div>product list</div> },
  ]);
  return { user, router: view.router };
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
/** A card's figures: "label value" per figure of its grid. */
const figures = (element: HTMLElement) =>
  [...element.querySelectorAll('dl > div')].map(
    (d) => `${d.querySelector('dt')?.textContent} ${d.querySelector('dd')?.textContent}`,
  );

const schedule = () =>
  buildSchedule({
    principalFen: 10_000_000,
    annualRate: '0.072',
    months: 12,
    method: 'EQUAL_INSTALMENT',
    startDate: todayInShanghai(),
  });

describe('loan calculator at phone width', () => {
  it('shows every amount of each period as a card, and the totals', async () => {
    setup();
    const list = await within(card('还款计划')).findByRole('list', { name: '还款计划' });
    expect(card('还款计划').querySelector('.ant-table')).toBeNull();
    const expected = schedule();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    const first = expected.instalments[0];
    expect(items[0]).toHaveTextContent(`第 1 期 · ${first?.dueDate}`);
    expect(items[0]).toHaveTextContent(`应还 ${formatYuan(first?.paymentFen ?? -1)}`);
    expect(figures(items[0] as HTMLElement)).toEqual([
      `应还本金 ${formatYuan(first?.principalFen ?? -1)}`,
      `应还利息 ${formatYuan(first?.interestFen ?? -1)}`,
      '服务费 0.00',
      `剩余本金 ${formatYuan(first?.closingPrincipalFen ?? -1)}`,
    ]);
    expect(figures(screen.getByLabelText('合计'))).toEqual([
      '本金 100,000.00',
      `利息 ${formatYuan(expected.totals.interestFen)}`,
      '服务费 0.00',
      `还款总额 ${formatYuan(expected.totals.paymentFen)}`,
    ]);
  });

  it('shows each compared scenario as a card with all its figures, the lowest marked', async () => {
    const { user } = setup();
    const section = card('方案对比');
    await user.click(within(section).getByRole('button', { name: /添加方案/ }));
    await user.click(within(section).getByRole('button', { name: /添加方案/ }));
    const second = within(section).getByRole('group', { name: '方案二' });
    const rate = within(second).getByLabelText('年利率');
    await user.clear(rate);
    await user.type(rate, '5.5');
    const results = within(section).getByRole('list', { name: '方案对比结果' });
    const two = buildSchedule({
      principalFen: 10_000_000,
      annualRate: '0.055',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: todayInShanghai(),
    });
    const cardTwo = within(results).getByRole('listitem', { name: '方案二' });
    await waitFor(() =>
      expect(within(cardTwo).getByTestId('best-total')).toHaveTextContent(formatYuan(two.totals.paymentFen)),
    );
    expect(section.querySelector('.ant-table')).toBeNull();
    expect(figures(within(results).getByRole('listitem', { name: '方案一' }))).toEqual([
      `每期还款（元） ${paymentText(schedule())}`,
      `总利息（元） ${formatYuan(schedule().totals.interestFen)}`,
      '总服务费（元） 0.00',
      `还款总额（元） ${formatYuan(schedule().totals.paymentFen)}`,
      `年化利率 ${formatPercent(schedule().annualisedRate)}`,
    ]);
  });

  it('立即申请 leads to the product list, where an application starts', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
  });
});
