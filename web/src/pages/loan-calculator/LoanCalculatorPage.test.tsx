import { buildSchedule, formatPercent, formatYuan, type ScheduleInput } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { desktopWidth } from '../../test/loan-fixtures';
import { PRODUCT_CARDS, productCard } from '../../test/product-cards';
import { choose, fakeApi, ok, renderRoutes } from '../../test/render';
import { fixToday } from '../../test/today';
import { todayInShanghai } from './calculator-input';
import LoanCalculatorPage from './LoanCalculatorPage';
import { ANNUALISED_RATE_TIP } from './schedule-text';

// the page and the expected schedule both start today: one fixed day for both
fixToday();

// jsdom has no canvas: the lazily loaded ECharts chart is replaced by a stub.
vi.mock('./PrincipalInterestChart', () => ({
  default: ({ schedule }: { schedule: { instalments: unknown[] } }) => (
    <div data-testid="chart-stub">{schedule.instalments.length} 期</div>
  ),
}));

let api: ReturnType<typeof fakeApi> | undefined;
let restoreWidth: (() => void) | undefined;
afterEach(() => {
  api?.restore();
  restoreWidth?.();
  restoreWidth = undefined;
});

/** At desktop width, where the schedule and the comparison are tables (phones: LoanCalculatorPhone.test). */
function setup() {
  restoreWidth = desktopWidth();
  // the product picker loads the products; these tests stay in free mode
  api = fakeApi(() => ok({ items: PRODUCT_CARDS }));
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes([{ path: '/', element: <LoanCalculatorPage /> }]);
  return user;
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const figure = (key: string) =>
  screen.getByTestId(`calc-${key}`).querySelector('.ant-statistic-content')?.textContent;

/** The schedule table's data rows as text cells. */
function scheduleRows(): string[][] {
  const rows = card('还款计划').querySelectorAll('tr[data-row-key]');
  return [...rows].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? ''));
}

async function retype(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  text: string,
  scope?: HTMLElement,
) {
  const input = (scope ? within(scope) : screen).getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
}

const base = (overrides: Partial<ScheduleInput> = {}): ScheduleInput => ({
  principalFen: 10_000_000,
  annualRate: '0.072',
  months: 12,
  method: 'EQUAL_INSTALMENT',
  startDate: todayInShanghai(),
  ...overrides,
});

describe('loan calculator page', () => {
  it('shows the engine results for the default inputs, with the chart and the note', async () => {
    setup();
    const expected = buildSchedule(base());
    expect(await screen.findByTestId('chart-stub')).toHaveTextContent('12 期');
    expect(figure('total')).toBe(formatYuan(expected.totals.paymentFen));
    expect(figure('interest')).toBe(formatYuan(expected.totals.interestFen));
    expect(figure('apr')).toBe(formatPercent(expected.annualisedRate));
    const rows = scheduleRows();
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual([
      '1',
      expected.instalments[0]?.dueDate,
      formatYuan(expected.instalments[0]?.principalFen ?? -1),
      formatYuan(expected.instalments[0]?.interestFen ?? -1),
      '0.00',
      formatYuan(expected.instalments[0]?.paymentFen ?? -1),
      formatYuan(expected.instalments[0]?.closingPrincipalFen ?? -1),
    ]);
    expect(screen.getByText('计算结果仅供参考，实际以合作机构审批及合同为准。')).toBeInTheDocument();
  });

  it('updates as you type and matches the published case: 12,000 at 24 % for 4 months', async () => {
    const user = setup();
    await retype(user, '借款金额', '12000');
    await retype(user, '年利率', '24');
    await choose(user, '借款期限', '自定义');
    await retype(user, '自定义期限', '4');
    await waitFor(() => expect(scheduleRows()).toHaveLength(4));
    const rows = scheduleRows();
    expect(rows.map((r) => r[2])).toEqual(['2,911.49', '2,969.72', '3,029.11', '3,089.68']);
    expect(rows.map((r) => r[3])).toEqual(['240.00', '181.77', '122.38', '61.79']);
    const expected = buildSchedule(base({ principalFen: 1_200_000, annualRate: '0.24', months: 4 }));
    expect(figure('interest')).toBe(formatYuan(expected.totals.interestFen));
    expect(figure('total')).toBe(formatYuan(expected.totals.paymentFen));
    expect(screen.getByTestId('chart-stub')).toHaveTextContent('4 期');
  });

  it('shows an invalid amount next to the field and no stale results', async () => {
    const user = setup();
    expect(screen.getByTestId('calc-total')).toBeInTheDocument();
    await retype(user, '借款金额', '12.345');
    const field = screen.getByLabelText('借款金额').closest('.ant-form-item') as HTMLElement;
    expect(within(field).getByText('借款金额应为数字，最多两位小数')).toBeInTheDocument();
    expect(screen.queryByTestId('calc-total')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('借款金额');
    expect(scheduleRows()).toHaveLength(0);
    expect(card('还款计划').querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');

    await retype(user, '借款金额', '20000000');
    expect(within(field).getByText('借款金额应在 1 元到 10,000,000 元之间')).toBeInTheDocument();
  });

  it('changes the table when the repayment method changes', async () => {
    const user = setup();
    const before = scheduleRows();
    await choose(user, '还款方式', '先息后本');
    const expected = buildSchedule(base({ method: 'INTEREST_FIRST' }));
    await waitFor(() => expect(scheduleRows()).not.toEqual(before));
    const rows = scheduleRows();
    expect(rows.map((r) => r[2])).toEqual(expected.instalments.map((i) => formatYuan(i.principalFen)));
    expect(rows[0]?.[2]).toBe('0.00');
    expect(rows[11]?.[2]).toBe('100,000.00');

    await choose(user, '还款方式', '等额本金');
    const equalPrincipal = buildSchedule(base({ method: 'EQUAL_PRINCIPAL' }));
    await waitFor(() =>
      expect(scheduleRows().map((r) => r[5])).toEqual(
        equalPrincipal.instalments.map((i) => formatYuan(i.paymentFen)),
      ),
    );
  });

  it('explains the annualised rate: the nominal rate without fees whatever the method, raised by fees', async () => {
    const user = setup();
    // the default loan, 等额本息 at 7.2 % with no fee: its annualised rate is the nominal one, as the tip says
    expect(figure('fee')).toBe('0.00');
    expect(figure('apr')).toBe('7.20%');
    await user.hover(screen.getByLabelText('年化利率说明'));
    const tip = await screen.findByRole('tooltip');
    await waitFor(() => expect(tip).toHaveTextContent(ANNUALISED_RATE_TIP));
    const said = tip.textContent ?? '';
    expect(said).toMatch(/不收服务费时，等额本息、等额本金和先息后本的年化利率都等于名义年利率/);
    expect(said).toMatch(/收取服务费时高于名义年利率/);
    expect(said).toContain('内部收益率（IRR）');
    // no clause says a repayment method (等额本息) makes it higher than the nominal rate
    for (const clause of said.split(/[。；]/).filter((c) => /等额本息|等额本金|先息后本|还款方式/.test(c)))
      expect(clause).not.toMatch(/高于|更高|大于|偏高|上浮/);
  });

  it('adds a service fee to the totals and raises the annualised rate', async () => {
    const user = setup();
    await retype(user, '借款金额', '10000');
    await retype(user, '年利率', '0');
    const withoutFee = buildSchedule(base({ principalFen: 1_000_000, annualRate: '0' }));
    await waitFor(() => expect(figure('total')).toBe(formatYuan(withoutFee.totals.paymentFen)));
    expect(figure('apr')).toBe('0.00%');

    await choose(user, '服务费', '按期收取');
    await retype(user, '服务费率（每月）', '0.6');
    const withFee = buildSchedule(
      base({ principalFen: 1_000_000, annualRate: '0', fee: { kind: 'PER_INSTALMENT', rate: '0.006' } }),
    );
    await waitFor(() => expect(figure('fee')).toBe(formatYuan(withFee.totals.feeFen)));
    expect(figure('fee')).toBe('720.00');
    expect(figure('total')).toBe(formatYuan(withFee.totals.paymentFen));
    expect(figure('apr')).toBe(formatPercent(withFee.annualisedRate));
    expect(figure('apr')).toBe('13.03%');
    expect(scheduleRows()[0]?.[4]).toBe('60.00');
  });

  it('compares two scenarios and highlights the cheaper one', async () => {
    const user = setup();
    const section = card('方案对比');
    await user.click(within(section).getByRole('button', { name: /添加方案/ }));
    await user.click(within(section).getByRole('button', { name: /添加方案/ }));
    const second = within(section).getByRole('group', { name: '方案二' });
    await retype(user, '年利率', '5.5', second);
    const one = buildSchedule(base());
    const two = buildSchedule(base({ annualRate: '0.055' }));
    const table = section.querySelector('.calc-comparison-table') as HTMLElement;
    await waitFor(() =>
      expect(within(table).getByTestId('best-total')).toHaveTextContent(formatYuan(two.totals.paymentFen)),
    );
    expect(within(table).getByTestId('best-apr')).toHaveTextContent(formatPercent(two.annualisedRate));
    expect(within(table).getByText(formatYuan(one.totals.paymentFen))).toBeInTheDocument();
    const bestCell = within(table).getByTestId('best-total').closest('td') as HTMLElement;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const cells = [...(bestCell.parentElement?.children ?? [])];
    expect(headers[cells.indexOf(bestCell)]).toBe('方案二');
    expect(within(section).queryByRole('button', { name: /添加方案/ })).toBeInTheDocument();
  });

  it('compares products side by side: each fills its pricing, names its column, and says when it does not lend', async () => {
    const user = setup();
    const section = card('方案对比');
    for (let i = 0; i < 3; i += 1)
      await user.click(within(section).getByRole('button', { name: /添加方案/ }));
    const scenario = (name: string) => within(section).getByRole('group', { name });
    const optionOf = (code: string) => {
      const p = productCard(code);
      return `${p.name}（${p.bankName}）`;
    };
    // the list is long (virtual): search for the product as a borrower would, then pick it
    const pickProduct = async (name: string, code: string) => {
      await user.type(within(scenario(name)).getByLabelText('产品'), productCard(code).name);
      await choose(user, '产品', optionOf(code), scenario(name));
    };
    await pickProduct('方案一', 'SHRB-KJD');
    await pickProduct('方案二', 'CGB-KJED');
    await pickProduct('方案三', 'CRB-DEJY');

    // the product's rate is filled in (editable), its method and fee are the product's
    await waitFor(() => expect(within(scenario('方案一')).getByLabelText('年利率')).toHaveValue('10.8'));
    expect(within(scenario('方案二')).getByLabelText('年利率')).toHaveValue('7.35');
    expect(within(scenario('方案一')).getByLabelText('还款方式')).toBeDisabled();

    const shrb = buildSchedule(base({ annualRate: '0.108', fee: { kind: 'PER_INSTALMENT', rate: '0.001' } }));
    const cgb = buildSchedule(base({ annualRate: '0.0735', method: 'INTEREST_FIRST' }));
    const table = section.querySelector('.calc-comparison-table') as HTMLElement;
    const headers = () => [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    await waitFor(() =>
      expect(headers()).toEqual([
        '项目',
        `方案一 · ${productCard('SHRB-KJD').name}`,
        `方案二 · ${productCard('CGB-KJED').name}`,
        `方案三 · ${productCard('CRB-DEJY').name}`,
      ]),
    );
    // SHRB repays less in all (its principal falls every month), CGB's 先息后本 has the lower annualised rate
    expect(shrb.totals.paymentFen).toBeLessThan(cgb.totals.paymentFen);
    expect(Number(cgb.annualisedRate)).toBeLessThan(Number(shrb.annualisedRate));
    expect(within(table).getByTestId('best-total')).toHaveTextContent(formatYuan(shrb.totals.paymentFen));
    expect(within(table).getByText(formatYuan(cgb.totals.paymentFen))).toBeInTheDocument();
    expect(within(table).getByTestId('best-apr')).toHaveTextContent(formatPercent(cgb.annualisedRate));
    // 200,000 is CRB-DEJY's least amount: the scenario says so and its column has no figures
    expect(within(scenario('方案三')).getByRole('alert')).toHaveTextContent(
      '该产品不适用当前借款：申请金额不能低于 200,000.00 元',
    );
    const bestRow = within(table).getByTestId('best-total').closest('tr') as HTMLElement;
    expect(bestRow.querySelectorAll('td')[3]?.textContent).toBe('—');

    // back to 自定义: the fields are free again, the column is the plain scenario
    await choose(user, '产品', '自定义', scenario('方案三'));
    await waitFor(() => expect(headers()[3]).toBe('方案三'));
    expect(within(scenario('方案三')).getByLabelText('还款方式')).toBeEnabled();
  });
});
