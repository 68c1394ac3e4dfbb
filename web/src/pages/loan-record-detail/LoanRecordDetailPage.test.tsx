import { type AgreementText, API, type EarlySettleRequest, type SettlementQuote } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationDetail } from '../../test/application-fixtures';
import { desktopWidth, signedInPageTest } from '../../test/loan-fixtures';
import { LOAN, record } from '../../test/loan-record-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown, shownIn } from '../../test/render';
import LoanRecordDetailPage from './LoanRecordDetailPage';

const page = signedInPageTest();

const QUOTE: SettlementQuote = {
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

const ORDER = {
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

type Handler = Parameters<typeof fakeApi>[0];

function setup(handler: Handler, path = '/record/loanRecordDetail?rowId=301') {
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
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const calls = (url: string) => (page.api?.requests ?? []).filter((r) => r.url === url);

describe('/record/loanRecordDetail', () => {
  it('renders the terms, schedule, transactions, agreements and timeline from the data', async () => {
    page.restoreWidth = desktopWidth();
    setup((r) => (r.url === API.loanRecordDetail ? ok(record()) : ok(null)));
    await shown('借款信息');
    expect(calls(API.loanRecordDetail)[0]?.params).toEqual({ rowId: '301' });
    const terms = card('借款信息');
    expect(within(terms).getByText('12,000.00 元')).toBeInTheDocument();
    expect(within(terms).getByText('24.00%')).toBeInTheDocument();
    expect(within(terms).getByText('25.12%')).toBeInTheDocument();
    expect(within(terms).getByText('等额本息')).toBeInTheDocument();
    expect(within(terms).getByText('4 个月')).toBeInTheDocument();
    expect(within(terms).getByText('2026-07-01')).toBeInTheDocument();
    expect(within(terms).getByText('已逾期')).toBeInTheDocument();
    expect(within(terms).getByText('6,118.79 元')).toBeInTheDocument();
    expect(within(terms).getByText('120.00 元（已缴）')).toBeInTheDocument();

    const rows = [...card('还款计划').querySelectorAll('tr[data-row-key]')].map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent),
    );
    // 应还 = 已还 + 减免 + 未还 on every row, and a 合计 row
    expect(rows).toEqual([
      [
        '1',
        '2026-08-01',
        '2,911.49',
        '240.00',
        '0.00',
        '0.00',
        '3,151.49',
        '3,151.49',
        '0.00',
        '0.00',
        '已还清',
      ],
      [
        '2',
        '2026-09-01',
        '2,969.72',
        '181.77',
        '0.00',
        '12.34',
        '3,163.83',
        '1,000.00',
        '0.00',
        '2,163.83',
        '已逾期',
      ],
      [
        '3',
        '2026-10-01',
        '3,029.11',
        '122.38',
        '0.00',
        '0.00',
        '3,151.49',
        '0.00',
        '0.00',
        '3,151.49',
        '待还',
      ],
    ]);
    const total = [...card('还款计划').querySelectorAll('.ant-table-summary td')].map((td) => td.textContent);
    expect(total).toEqual([
      '合计',
      '8,910.32',
      '544.15',
      '0.00',
      '12.34',
      '9,466.81',
      '4,151.49',
      '0.00',
      '5,315.32',
      '',
    ]);
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent(
      '剩余应还 5,315.32 元剩余期数 2 期到期日 2026-10-01',
    );

    const ledger = card('交易明细');
    expect(within(ledger).getByText('-3,151.49')).toBeInTheDocument();
    expect(within(ledger).getByText('+12,000.00')).toBeInTheDocument();
    expect(within(ledger).getByText('本金 2,911.49 · 利息 240.00')).toBeInTheDocument();

    const agreements = card('已签署协议');
    expect(within(agreements).getByText('融资咨询服务协议')).toBeInTheDocument();
    // 04:00 UTC is 12:00 in Shanghai
    expect(within(agreements).getByText('版本 v2.1 · 签署时间 2026-06-30 12:00:00')).toBeInTheDocument();
    expect(within(agreements).getByRole('button', { name: '查看协议' })).toBeInTheDocument();

    expect(within(card('申请进度')).getByText(/创建申请/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消申请' })).toBeNull();
  });

  it('asks for the settlement quote, shows every part and the rule, confirms it with a channel and goes to the cashier', async () => {
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail) return ok(record());
      if (r.url === API.settlementQuote) return ok(QUOTE);
      if (r.url === API.earlySettle)
        return ok({ order: ORDER, cashierUrl: `/cashier?outTradeNo=${ORDER.outTradeNo}` });
      return ok(null);
    });
    await screen.findByText('提前结清', { selector: '.ant-card-head-title' });
    expect(calls(API.settlementQuote)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '获取结清报价' }));
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('6,171.92 元');
    expect(calls(API.settlementQuote)[0]?.params).toEqual({ loanId: 2001 });
    const quote = card('提前结清');
    expect(within(quote).getByText('40.79 元')).toBeInTheDocument();
    expect(within(quote).getByText('12.34 元')).toBeInTheDocument();
    expect(within(quote).getByText('2026-09-10')).toBeInTheDocument();
    // the quote holds to the end of its Shanghai day; what is forgiven, and the rule in the agreement's words
    expect(within(quote).getByText(/2026.09.10 23:59:59/)).toBeInTheDocument();
    expect(within(quote).getByText('剩余 2 期服务费 60.00 元提前结清免收')).toBeInTheDocument();
    expect(within(quote).getByText(/未到期的期次只还本金，利息按实际使用天数计算/)).toBeInTheDocument();

    await user.click(within(quote).getByRole('button', { name: '提前结清' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '去支付 6,171.92 元' }));
    await waitFor(() => expect(calls(API.earlySettle)).toHaveLength(1));
    expect(calls(API.earlySettle)[0]?.data as EarlySettleRequest).toEqual({
      loanId: 2001,
      total: '6171.92',
      channel: 'TRANSFER',
    });
    await shown('cashier page');
  });

  it('shows a changed quote with the new total and fetches the quote again', async () => {
    let quotes = 0;
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail) return ok(record());
      if (r.url === API.settlementQuote) {
        quotes += 1;
        return ok(quotes === 1 ? QUOTE : { ...QUOTE, interest: '42.79', total: '6173.92' });
      }
      if (r.url === API.earlySettle)
        return fail('3603', '结清金额已变化，最新应还 6173.92 元，请确认新的金额后重新提交');
      return ok(null);
    });
    await user.click(await screen.findByRole('button', { name: '获取结清报价' }));
    await screen.findByTestId('quote-total');
    await user.click(within(card('提前结清')).getByRole('button', { name: '提前结清' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '去支付 6,171.92 元' }));
    expect(
      await within(dialog).findByText('结清金额已变化，最新应还 6173.92 元，请确认新的金额后重新提交'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('6,173.92 元'));
    expect(within(dialog).getByRole('button', { name: '去支付 6,173.92 元' })).toBeInTheDocument();
  });

  it('a settlement waiting at the cashier: 继续支付 or 取消支付, and no second one meanwhile', async () => {
    let waiting = true;
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail) return ok(record());
      if (r.url === API.settlementQuote)
        return ok({
          ...QUOTE,
          openOrder: waiting
            ? {
                outTradeNo: ORDER.outTradeNo,
                amount: '6171.92',
                cashierUrl: `/cashier?outTradeNo=${ORDER.outTradeNo}`,
                expiresAt: '2026-09-10T15:59:59.999Z',
              }
            : null,
        });
      if (r.url === API.payCloseOrder) {
        waiting = false;
        return ok({ ...ORDER, status: 'CLOSED' });
      }
      return ok(null);
    });
    await user.click(await screen.findByRole('button', { name: '获取结清报价' }));
    const alert = await screen.findByTestId('settlement-waiting');
    expect(alert).toHaveTextContent('有一笔提前结清待支付：6,171.92 元');
    expect(within(card('提前结清')).getByRole('button', { name: '提前结清' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: '取消支付' }));
    await waitFor(() => expect(calls(API.payCloseOrder)[0]?.data).toEqual({ outTradeNo: ORDER.outTradeNo }));
    await waitFor(() => expect(screen.queryByTestId('settlement-waiting')).toBeNull());
    expect(within(card('提前结清')).getByRole('button', { name: '提前结清' })).toBeEnabled();
  });

  it('a settled loan: when and how it ended, its 结清证明 and the settlement payment’s receipt', async () => {
    const settledLoan = {
      ...LOAN,
      status: 'SETTLED' as const,
      outstandingPrincipal: '0.00',
      settledAt: '2026-09-10T02:00:00.000Z',
      serviceFee: { amount: '600.00', status: 'PAID_AND_WAIVED' as const, paid: '300.00', waived: '300.00' },
    };
    setup((r) =>
      r.url === API.loanRecordDetail
        ? ok(
            record({
              loan: settledLoan,
              settlement: {
                outTradeNo: ORDER.outTradeNo,
                total: '6171.92',
                asOfDate: '2026-09-10',
                settledAt: '2026-09-10T02:00:00.000Z',
              },
            }),
          )
        : ok(null),
    );
    await screen.findByText('结清', { selector: '.ant-card-head-title' });
    const settled = card('结清');
    expect(within(settled).getByText('提前结清')).toBeInTheDocument();
    expect(within(settled).getByText('6,171.92 元')).toBeInTheDocument();
    expect(within(settled).getByText(ORDER.outTradeNo)).toBeInTheDocument();
    expect(within(settled).getByRole('button', { name: /下载结清证明/ })).toBeInTheDocument();
    expect(
      within(settled).getByRole('button', { name: `下载电子回单 ${ORDER.outTradeNo}` }),
    ).toBeInTheDocument();
    // nothing to pay or settle any more
    expect(screen.queryByText('提前结清', { selector: '.ant-card-head-title' })).toBeNull();
    // the fee is not called paid when part of it was forgiven
    expect(card('借款信息')).toHaveTextContent('600.00 元（部分减免） · 已缴 300.00 元，减免 300.00 元');
  });

  it('offers the advance cancel for an application that may still be cancelled, without loan sections', async () => {
    const pending = applicationDetail('YNIT-XT01', { rowId: 302, state: 'UNDER_REVIEW', canCancel: true });
    setup(
      (r) =>
        r.url === API.loanRecordDetail
          ? ok({ detail: pending, loan: null, instalments: [], transactions: [], agreements: [] })
          : ok(null),
      '/record/loanRecordDetail?rowId=302',
    );
    expect(await screen.findByRole('button', { name: '取消申请' })).toBeInTheDocument();
    expect(screen.queryByText('还款计划')).toBeNull();
    expect(
      within(card('已签署协议')).getByText('暂无数据', { selector: '.ant-empty-description' }),
    ).toBeInTheDocument();
  });

  it('says a record that is not there or not yours cannot be shown, with a way back', async () => {
    const user = setup((r) =>
      r.url === API.loanRecordDetail ? fail('3005', '申请不存在或无权查看') : ok(null),
    );
    await shown('记录不存在或无权查看');
    await user.click(screen.getByRole('link', { name: '返回贷款记录' }));
    await shown('records page');
  });

  it('查看协议 opens the version the borrower signed, as it was, with its fingerprint', async () => {
    const signed: AgreementText = {
      kind: 'SERVICE',
      version: 'v2.1',
      title: '融资咨询服务协议',
      body: '第一条 服务内容\n平台为借款人提供融资咨询服务。',
      textHash: 'abc',
      minReadSeconds: 10,
      readToken: '',
      acceptedAt: '2026-06-30T04:00:00.000Z',
    };
    const user = setup((r) =>
      r.url === API.loanRecordDetail ? ok(record()) : r.url === API.agreementText ? ok(signed) : ok(null),
    );
    await shown('已签署协议');
    expect(calls(API.agreementText)).toHaveLength(0);
    await user.click(within(card('已签署协议')).getByRole('button', { name: '查看协议' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('融资咨询服务协议（版本 v2.1）')).toBeInTheDocument();
    await shownIn(dialog, '平台为借款人提供融资咨询服务。');
    expect(calls(API.agreementText)[0]?.params).toEqual({ kind: 'SERVICE', version: 'v2.1' });
    expect(within(dialog).getByText('您于 2026-06-30 12:00:00 签署的正是以下文本')).toBeInTheDocument();
  });

  it('says so when the text served is not the one whose fingerprint was recorded', async () => {
    const user = setup((r) =>
      r.url === API.loanRecordDetail
        ? ok(record())
        : r.url === API.agreementText
          ? ok({
              kind: 'SERVICE',
              version: 'v2.1',
              title: '融资咨询服务协议',
              body: '别的文本',
              textHash: 'zzz',
              minReadSeconds: 10,
              readToken: '',
              acceptedAt: null,
            })
          : ok(null),
    );
    await shown('已签署协议');
    await user.click(within(card('已签署协议')).getByRole('button', { name: '查看协议' }));
    const dialog = await screen.findByRole('dialog');
    await shownIn(dialog, '以下文本与签署时记录的文本指纹不一致，请联系客服');
  });
});
