import { API, type ApplicationDetail, formatPercent, formatYuan, productSchedule, RSP } from '@loan/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { applicationDetail, seedProduct } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, fillIn, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { storeCheck } from '../../test/store-fixtures';
import { fixToday } from '../../test/today';
import { todayInShanghai } from '../loan-calculator/calculator-input';

// the page and the expected schedule both start today: one fixed day for both
fixToday();

let api: ReturnType<typeof fakeApi>;
const draft = applicationDetail('YNIT-XT01', { rowId: 101, current: 'SUBMIT' });
/** an authorised store with 2,400,000.00 of sales: an estimated limit of 720,000.00 */
const STORE = storeCheck('03');

const submitted = applicationDetail('YNIT-XT01', {
  rowId: 101,
  state: 'UNDER_REVIEW',
  current: 'BANK_REVIEW',
});

function serve(
  onSubmit: (r: RecordedRequest) => { body: unknown } = () => ok(submitted),
  detail: ApplicationDetail = draft,
) {
  api = fakeApi((r) => {
    if (r.url === API.applicationDetail) return ok(detail);
    if (r.url === API.mwsTokenCheck) return ok(STORE);
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

function expectedSchedule(productCode: string, amountFen: number, months: number) {
  const product = seedProduct(productCode);
  return productSchedule(product, amountFen, months, todayInShanghai());
}

const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/** 提交申请 opens the confirmation; 确认提交 sends it. */
async function submitAndConfirm() {
  await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
  const dialog = await screen.findByRole('dialog', { name: '确认提交借款申请' });
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*认\s*提\s*交/ }));
  return dialog;
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
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((r) => r.url === API.submitApplication)).toBe(false);
  });

  it('previews totals and the first and last payment above the submit button, the whole schedule one click away', async () => {
    serve();
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('50000', 12);
    const schedule = expectedSchedule('YNIT-XT01', 5_000_000, 12);
    const preview = await screen.findByRole('region', { name: '还款试算' });
    const row = (label: string) => within(preview).getByText(label).closest('tr') as HTMLElement;
    expect(row('借款金额')).toHaveTextContent('50,000.00 元');
    expect(row('总利息')).toHaveTextContent(yuan(schedule.totals.interestFen));
    expect(row('总服务费')).toHaveTextContent(yuan(schedule.totals.feeFen));
    expect(row('还款总额')).toHaveTextContent(yuan(schedule.totals.paymentFen));
    expect(row('年化利率')).toHaveTextContent(formatPercent(schedule.annualisedRate));
    const first = schedule.instalments[0];
    const last = schedule.instalments.at(-1);
    if (!first || !last) throw new Error('no instalments');
    expect(screen.getByTestId('preview-first')).toHaveTextContent(
      `首期还款 · ${first.dueDate}${yuan(first.paymentFen)}`,
    );
    expect(screen.getByTestId('preview-last')).toHaveTextContent(
      `末期还款 · ${last.dueDate}${yuan(last.paymentFen)}`,
    );
    // above the submit button
    const submit = screen.getByRole('button', { name: '提交申请' });
    expect(preview.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(within(preview).getByRole('button', { name: '查看完整还款计划（共 12 期）' }));
    const drawer = await screen.findByRole('dialog', { name: '完整还款计划（试算）' });
    // jsdom has a phone's width: one card per instalment, its payment beside its date
    const cards = within(drawer).getAllByTestId(/^schedule-period-/);
    expect(cards).toHaveLength(12);
    schedule.instalments.forEach((instalment, i) => {
      expect(cards[i]).toHaveTextContent(
        `第 ${instalment.period} 期 · ${instalment.dueDate}${yuan(instalment.paymentFen)}`,
      );
    });
    expect(within(drawer).getByTestId('schedule-totals')).toHaveTextContent(
      `还款总额 ${yuan(schedule.totals.paymentFen)}`,
    );
  });

  it('先息后本: the last payment repays the principal and is shown with its date', async () => {
    const interestFirst = applicationDetail('CGB-KJED', { rowId: 101, current: 'SUBMIT' });
    serve(undefined, interestFirst);
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('500000', 12);
    const schedule = expectedSchedule('CGB-KJED', 50_000_000, 12);
    const first = schedule.instalments[0];
    const last = schedule.instalments.at(-1);
    if (!first || !last) throw new Error('no instalments');
    expect(last.principalFen).toBe(50_000_000);
    expect(await screen.findByTestId('preview-first')).toHaveTextContent(yuan(first.paymentFen));
    expect(screen.getByTestId('preview-last')).toHaveTextContent(
      `末期还款 · ${last.dueDate}${yuan(last.paymentFen)}`,
    );
    expect(
      screen.getByText(
        `先息后本：前 11 期只还利息，末期（${last.dueDate}）一次还清本金 500,000.00 元，当期应还 ${yuan(last.paymentFen)}。`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the store’s estimated limit by the amount and refuses more before submitting, saying why', async () => {
    serve();
    renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    const limits = await screen.findByTestId('amount-limits');
    await waitFor(() =>
      expect(limits).toHaveTextContent(
        '店铺预估可借额度 720,000.00 元（近12个月销售额的30%），本次最高可申请 720,000.00 元；最终额度以合作机构审批为准',
      ),
    );
    expect(limits).toHaveTextContent('产品额度 10,000.00 元 ~ 1,000,000.00 元');
    await fill('730000', 12);
    const message = await screen.findByText(
      '超过店铺预估额度 720,000.00 元（近12个月销售额的30%），请调低借款金额',
    );
    expect(message.closest('.ant-form-item')).toHaveTextContent('借款金额');
    expect(screen.queryByRole('region', { name: '还款试算' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await shown('超过店铺预估额度 720,000.00 元（近12个月销售额的30%），请调低借款金额');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((r) => r.url === API.submitApplication)).toBe(false);
  });

  it('confirms the key facts before submitting; 返回修改 sends nothing, 确认提交 submits and goes to /auditing', async () => {
    serve();
    const { router } = renderRoutes(appRoutes, ['/application/enter?rowId=101']);
    await screen.findByRole('spinbutton', { name: '借款金额（元）' });
    await fill('50000', 12, '  采购备货  ');
    const schedule = expectedSchedule('YNIT-XT01', 5_000_000, 12);
    const first = schedule.instalments[0];
    const last = schedule.instalments.at(-1);
    if (!first || !last) throw new Error('no instalments');

    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    let dialog = await screen.findByRole('dialog', { name: '确认提交借款申请' });
    const fact = (label: string) => within(dialog).getByText(label).closest('tr') as HTMLElement;
    expect(fact('借款金额')).toHaveTextContent('50,000.00 元');
    expect(fact('借款期限')).toHaveTextContent('12 个月');
    expect(fact('还款方式')).toHaveTextContent('等额本息');
    expect(fact('年化利率')).toHaveTextContent(formatPercent(schedule.annualisedRate));
    expect(fact('还款总额')).toHaveTextContent(yuan(schedule.totals.paymentFen));
    expect(fact('首期还款')).toHaveTextContent(`${first.dueDate} 应还 ${yuan(first.paymentFen)}`);
    expect(fact('末期还款')).toHaveTextContent(`${last.dueDate} 应还 ${yuan(last.paymentFen)}`);
    expect(fact('借款用途')).toHaveTextContent('采购备货');
    await userEvent.click(within(dialog).getByRole('button', { name: /返\s*回\s*修\s*改/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认提交借款申请' })).toBeNull());
    expect(api.requests.some((r) => r.url === API.submitApplication)).toBe(false);

    dialog = await submitAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditing'));
    expect(router.state.location.search).toBe('?rowId=101');
    expect(api.requests.filter((r) => r.url === API.submitApplication).map((r) => r.data)).toEqual([
      { rowId: 101, amount: '50000.00', termMonths: 12, purpose: '采购备货' },
    ]);
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
    await submitAndConfirm();
    await shown(desc);
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it.each([
    [RSP.AMOUNT_ABOVE_MAX, '申请金额超过产品最高额度'],
    [RSP.AMOUNT_ABOVE_STORE_LIMIT, '超过店铺预估额度 40,000.00 元（近12个月销售额的30%），请调低借款金额'],
  ])(
    'shows the server’s amount refusal %s next to the amount, the confirmation closed',
    async (code, desc) => {
      serve(() => fail(code, desc));
      renderRoutes(appRoutes, ['/application/enter?rowId=101']);
      await screen.findByRole('spinbutton', { name: '借款金额（元）' });
      await fill('50000', 12);
      await submitAndConfirm();
      const message = await screen.findByText(desc);
      expect(message.closest('.ant-form-item')).toHaveTextContent('借款金额');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认提交借款申请' })).toBeNull());
    },
  );

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
