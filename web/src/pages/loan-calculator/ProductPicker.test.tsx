import { buildSchedule, formatPercent, formatYuan } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CARDS } from '../../test/product-cards';
import { fakeApi, ok, renderRoutes, shown, shownIn } from '../../test/render';
import { fixToday } from '../../test/today';
import { todayInShanghai } from './calculator-input';
import LoanCalculatorPage from './LoanCalculatorPage';
import { decimalToPercent, fieldsFromProduct } from './product-mode';

// the page and the expected schedule both start today: one fixed day for both
fixToday();

vi.mock('./PrincipalInterestChart', () => ({ default: () => <div data-testid="chart-stub" /> }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function setup(path = '/apply/loanDetail') {
  api = fakeApi((request) => (request.url === '/products/list' ? ok({ items: PRODUCT_CARDS }) : ok(null)));
  const view = renderRoutes([{ path: '/apply/loanDetail', element: <LoanCalculatorPage /> }], [path]);
  return { ...view, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const figure = (key: string) =>
  screen.getByTestId(`calc-${key}`).querySelector('.ant-statistic-content')?.textContent;
const selected = (label: string) =>
  screen
    .getByLabelText(label)
    .closest('.ant-select')
    ?.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

describe('product-mode helpers', () => {
  it('turns API rates into the percentages of the fields exactly', () => {
    expect(decimalToPercent('0.168')).toBe('16.8');
    expect(decimalToPercent('0.0735')).toBe('7.35');
    expect(decimalToPercent('0.002')).toBe('0.2');
    expect(decimalToPercent('0.01')).toBe('1');
    expect(decimalToPercent('1')).toBe('100');
    expect(decimalToPercent('0')).toBe('0');
  });

  it('keeps an amount and term the product allows, else takes its smallest', () => {
    const crb = PRODUCT_CARDS.find((p) => p.productCode === 'CRB-RYD');
    if (!crb) throw new Error('fixture');
    const base = {
      amount: '1',
      months: 7,
      method: 'EQUAL_INSTALMENT' as const,
      ratePercent: '1',
      fee: 'NONE' as const,
      feePercent: '',
      startDate: '2026-03-02',
      firstDueDate: '',
    };
    const filled = fieldsFromProduct(crb, base);
    expect(filled.amount).toBe(crb.minAmount.replace(/\.00$/, ''));
    expect(filled.months).toBe(crb.terms[0]);
    expect(filled.method).toBe(crb.method);
  });
});

describe('calculator product picker', () => {
  it('?productCode= preselects the product and fills rate, method, fee and its terms', async () => {
    const { user } = setup('/apply/loanDetail?productCode=YNIT-XT01');
    await waitFor(() => expect(screen.getByLabelText('年利率')).toHaveValue('16.8'));
    expect(selected('选择产品')).toContain('云南国际信托');
    expect(selected('还款方式')).toBe('等额本息');
    expect(screen.getByLabelText('服务费率（每月）')).toHaveValue('0.2');
    // the rate is filled from the product and stays editable; method and fee are the product's
    expect(screen.getByLabelText('年利率')).toBeEnabled();
    expect(screen.getByText('已按产品利率 16.8% 填入，可修改')).toBeInTheDocument();
    expect(screen.getByLabelText('还款方式')).toBeDisabled();
    expect(screen.getByLabelText('服务费率（每月）')).toBeDisabled();
    expect(
      screen.getByText('该产品额度 10,000.00 ~ 1,000,000.00 元，须为 1,000.00 元的整数倍'),
    ).toBeInTheDocument();
    const expected = buildSchedule({
      principalFen: 10_000_000,
      annualRate: '0.168',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: todayInShanghai(),
      fee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    await waitFor(() => expect(figure('apr')).toBe(formatPercent(expected.annualisedRate)));
    expect(figure('total')).toBe(formatYuan(expected.totals.paymentFen));
    // only the product's terms are offered
    await user.click(screen.getByLabelText('借款期限'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox.parentElement as HTMLElement).queryByText('自定义')).toBeNull();
  });

  it('keeps the rate editable: a changed rate is used, said to differ from the product, and can be restored', async () => {
    const { user } = setup('/apply/loanDetail?productCode=YNIT-XT01');
    await waitFor(() => expect(screen.getByLabelText('年利率')).toHaveValue('16.8'));
    const rate = screen.getByLabelText('年利率');
    await user.clear(rate);
    await user.type(rate, '12');
    const field = rate.closest('.ant-form-item') as HTMLElement;
    await shownIn(field, '与产品利率 16.8% 不同，按您填写的利率计算');
    const expected = buildSchedule({
      principalFen: 10_000_000,
      annualRate: '0.12',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: todayInShanghai(),
      fee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    await waitFor(() => expect(figure('total')).toBe(formatYuan(expected.totals.paymentFen)));
    expect(figure('apr')).toBe(formatPercent(expected.annualisedRate));
    expect(selected('选择产品')).toContain('云南国际信托');
    await user.click(within(field).getByRole('button', { name: '恢复产品利率' }));
    expect(rate).toHaveValue('16.8');
    expect(within(field).getByText('已按产品利率 16.8% 填入，可修改')).toBeInTheDocument();
  });

  it('shows an amount the product does not allow next to the field', async () => {
    const { user } = setup('/apply/loanDetail?productCode=YNIT-XT01');
    await waitFor(() => expect(screen.getByLabelText('年利率')).toHaveValue('16.8'));
    const amount = screen.getByLabelText('借款金额');
    await user.clear(amount);
    await user.type(amount, '5000');
    const field = amount.closest('.ant-form-item') as HTMLElement;
    await shownIn(field, '申请金额不能低于 10,000.00 元');
    expect(screen.queryByTestId('calc-total')).toBeNull();
  });

  it('自定义 frees the fields again and drops the product from the address', async () => {
    const { user, router } = setup('/apply/loanDetail?productCode=CGB-KJED');
    await waitFor(() => expect(screen.getByLabelText('年利率')).toHaveValue('7.35'));
    await user.click(screen.getByLabelText('选择产品'));
    await user.click(await screen.findByTitle('自定义（自行填写利率和费用）'));
    await waitFor(() => expect(screen.getByLabelText('还款方式')).toBeEnabled());
    expect(screen.getByLabelText('年利率')).toBeEnabled();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('年利率')).toHaveValue('7.35');
  });

  it('an unknown product code says so and stays in free mode', async () => {
    setup('/apply/loanDetail?productCode=NOPE');
    await shown('未找到产品 NOPE，已使用自定义模式');
    expect(screen.getByLabelText('年利率')).toBeEnabled();
  });
});
