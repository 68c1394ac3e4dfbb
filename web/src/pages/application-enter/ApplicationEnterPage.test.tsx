import { API, buildSchedule, formatPercent, formatYuan, RSP } from '@loan/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { applicationDetail, seedProduct } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, fillIn, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { fixToday } from '../../test/today';
import { todayInShanghai } from '../loan-calculator/calculator-input';

// the page and the expected schedule both start today: one fixed day for both
fixToday();

let api: ReturnType<typeof fakeApi>;
const draft = applicationDetail('YNIT-XT01', { rowId: 101, current: 'SUBMIT' });

function serve(onSubmit: (r: RecordedRequest) => { body: unknown } = () => ok(null)) {
  api = fakeApi((r) => {
    if (r.url === API.applicationDetail) return ok(draft);
    if (r.url === API.submitApplication) return onSubmit(r);
    return ok(null);
  });
}

afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

async function chooseTerm(months: number) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '借款期限' }));
  const option = await screen.findByTitle(`${months} 个月`);
  fireEvent.click(option);
}

async function fill(amount: string, months: number, purpose = '采购备货') {
  await fillIn(userEvent, screen.getByRole('spinbutton', { name: '借款金额（元）' }), amount);
  await chooseTerm(months);
  await fillIn(userEvent, screen.getByRole('textbox', { name: '借款用途' }), purpose);
}

describe('/application/enter with a session', () => {
  beforeEach(() => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
  });

  it('checks the product rules as you type', async () => {
    serve();
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    const amount = await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    expect(api.requests.find((r) => r.url === API.applicationDetail)?.params).toEqual({ rowId: '101' });
    await fillIn(userEvent, amount, '5000');
    await shown('申请金额不能低于 10,000.00 元');
    fireEvent.change(amount, { target: { value: '12500' } });
    await shown('申请金额须为 1,000.00 元的整数倍');
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await shown('请选择借款期限');
    await shown('请填写借款用途');
    expect(api.requests.some((r) => r.url === API.submitApplication)).toBe(false);
  });

  it('previews the repayment with the figures of the domain engine, submits and goes to /auditing', async () => {
    serve();
    const { router } = renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('50000', 12, '  采购备货  ');
    const product = seedProduct('YNIT-XT01');
    const schedule = buildSchedule({
      principalFen: 5_000_000,
      annualRate: product.annualRate,
      months: 12,
      method: product.method,
      startDate: todayInShanghai(),
      fee: product.serviceFee ?? undefined,
    });
    const preview = within(await screen.findByRole('table', { name: '前几期还款' })).getAllByRole('row');
    expect(preview).toHaveLength(4);
    expect(preview[1]).toHaveTextContent(schedule.instalments[0]?.dueDate ?? 'x');
    expect(
      screen.getByText(`${formatYuan(schedule.instalments[0]?.paymentFen ?? 0)} 元`),
    ).toBeInTheDocument();
    expect(screen.getByText(`${formatYuan(schedule.totals.interestFen)} 元`)).toBeInTheDocument();
    expect(screen.getByText(`${formatYuan(schedule.totals.feeFen)} 元`)).toBeInTheDocument();
    expect(screen.getByText(`${formatYuan(schedule.totals.paymentFen)} 元`)).toBeInTheDocument();
    expect(screen.getByText(formatPercent(schedule.annualisedRate))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditing'));
    expect(router.state.location.search).toBe('?rowId=101');
    expect(api.requests.find((r) => r.url === API.submitApplication)?.data).toEqual({
      rowId: 101,
      amount: '50000.00',
      termMonths: 12,
      purpose: '采购备货',
    });
  });

  it.each([
    [RSP.STORE_NOT_AUTHORISED, '店铺未授权或授权已失效，请先完成店铺授权', '去授权店铺', '/apply/LoanInfo'],
    [
      RSP.AGREEMENT_NOT_ACCEPTED,
      '请先阅读并同意相关协议',
      '去阅读协议',
      `/agreement?redirect=${encodeURIComponent('/application/enter?rowId=101')}`,
    ],
    [RSP.CERTIFICATION_REQUIRED, '请先完成贷款认证（企业和法定代表人信息）', '去完成认证', '/application'],
    [RSP.STEP_NOT_DONE, '请先完成前面的申请步骤', '去完成申请步骤', draft.application.bankPath],
  ])('shows the refusal %s with a link to fix it', async (code, desc, label, href) => {
    serve(() => fail(code, desc));
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('50000', 12);
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await shown(desc);
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('shows a product-rule refusal of the server next to the amount', async () => {
    serve(() => fail(RSP.AMOUNT_ABOVE_MAX, '申请金额超过产品最高额度'));
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('50000', 12);
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    const message = await screen.findByText('申请金额超过产品最高额度');
    expect(message.closest('.ant-form-item')).toHaveTextContent('借款金额');
  });

  it('without rowId lists the drafts to go on with', async () => {
    const submitted = applicationDetail('CGB-KJED').application;
    api = fakeApi((r) =>
      r.url === API.applicationList
        ? ok({ items: [draft.application, { ...submitted, rowId: 202, state: 'UNDER_REVIEW' }] })
        : ok(null),
    );
    const { router } = renderRoutes(appRoutes, ['/application/enter']);
    const go = await screen.findByRole('link', { name: '继续填写' });
    expect(screen.getAllByRole('link', { name: '继续填写' })).toHaveLength(1);
    await userEvent.click(go);
    await waitFor(() => expect(router.state.location.search).toBe(`?rowId=${draft.application.rowId}`));
  });

  it('without rowId and without drafts offers the products', async () => {
    api = fakeApi((r) => (r.url === API.applicationList ? ok({ items: [] }) : ok(null)));
    const { router } = renderRoutes(appRoutes, ['/application/enter']);
    await userEvent.click(await screen.findByRole('button', { name: '选择贷款产品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
  });
});

describe('/application/enter without a session', () => {
  it('asks to sign in and keeps the way back', async () => {
    serve();
    const { router } = renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await userEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/application/enter?rowId=101',
    );
    expect(api.requests.some((r) => r.url === API.applicationDetail)).toBe(false);
  });
});
