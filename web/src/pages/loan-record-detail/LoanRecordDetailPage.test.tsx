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
  principal: '6118.79',
  interest: '40.79',
  fee: '0.00',
  penalty: '12.34',
  total: '6171.92',
};

type Handler = Parameters<typeof fakeApi>[0];

function setup(handler: Handler, path = '/record/loanRecordDetail?rowId=301') {
  page.api = fakeApi(handler);
  renderRoutes(
    [
      { path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> },
      { path: '/record/loanRecord', element: <div>records page</div> },
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
    expect(rows).toEqual([
      ['1', '2026-08-01', '2,911.49', '240.00', '0.00', '0.00', '3,151.49', '0.00', '已还清'],
      ['2', '2026-09-01', '2,969.72', '181.77', '0.00', '12.34', '1,000.00', '2,163.83', '已逾期'],
      ['3', '2026-10-01', '3,029.11', '122.38', '0.00', '0.00', '0.00', '3,151.49', '待还'],
    ]);

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

  it('asks for the settlement quote, confirms it in a dialog and shows the result', async () => {
    let settled = false;
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail)
        return ok(
          settled ? record({ loan: { ...LOAN, status: 'SETTLED', outstandingPrincipal: '0.00' } }) : record(),
        );
      if (r.url === API.settlementQuote) return ok(QUOTE);
      if (r.url === API.earlySettle) {
        settled = true;
        return ok({
          status: 'SETTLED',
          reason: null,
          loan: { ...LOAN, status: 'SETTLED', outstandingPrincipal: '0.00' },
        });
      }
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

    await user.click(within(quote).getByRole('button', { name: '提前结清' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('6,171.92 元')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确认结清' }));
    await waitFor(() => expect(calls(API.earlySettle)).toHaveLength(1));
    expect(calls(API.earlySettle)[0]?.data as EarlySettleRequest).toEqual({ loanId: 2001, total: '6171.92' });
    // the detail is fetched again: the loan is settled, the settlement card goes
    await waitFor(() => expect(within(card('借款信息')).getByText('已结清')).toBeInTheDocument());
    expect(screen.queryByText('提前结清', { selector: '.ant-card-head-title' })).toBeNull();
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
    await user.click(within(dialog).getByRole('button', { name: '确认结清' }));
    expect(
      await within(dialog).findByText('结清金额已变化，最新应还 6173.92 元，请确认新的金额后重新提交'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('6,173.92 元'));
    expect(within(dialog).getByText('6,173.92 元')).toBeInTheDocument();
  });

  it('shows the bank refusing the settlement with its reason', async () => {
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail) return ok(record());
      if (r.url === API.settlementQuote) return ok(QUOTE);
      if (r.url === API.earlySettle)
        return ok({ status: 'REFUSED', reason: '当日已扣款，请明日再试', loan: LOAN });
      return ok(null);
    });
    await user.click(await screen.findByRole('button', { name: '获取结清报价' }));
    await screen.findByTestId('quote-total');
    await user.click(within(card('提前结清')).getByRole('button', { name: '提前结清' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认结清' }));
    await shown('合作机构未受理提前结清');
    expect(screen.getByText('当日已扣款，请明日再试')).toBeInTheDocument();
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
