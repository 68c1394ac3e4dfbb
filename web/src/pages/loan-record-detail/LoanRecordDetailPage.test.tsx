import { type AgreementText, API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationDetail } from '../../test/application-fixtures';
import { desktopWidth } from '../../test/loan-fixtures';
import { record } from '../../test/loan-record-fixtures';
import { fail, ok, shown, shownIn } from '../../test/render';
import { card, loanDetailPageTest } from './detail-test-setup';

const { page, setup, calls } = loanDetailPageTest();

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

  it('an open order paid at the cashier meanwhile: 取消支付 says it is paid and reads the loan again', async () => {
    const outTradeNo = 'PAY20260910100000000078';
    let paid = false;
    const user = setup((r) => {
      if (r.url === API.loanRecordDetail)
        return ok(
          record({
            openOrder: paid
              ? null
              : {
                  outTradeNo,
                  purpose: 'INSTALMENT',
                  purposeLabel: '主动还款',
                  amount: '4555.49',
                  cashierUrl: `/cashier?outTradeNo=${outTradeNo}`,
                  expiresAt: '2026-09-10T02:30:00.000Z',
                },
          }),
        );
      if (r.url === API.payCloseOrder) {
        paid = true;
        return fail('3805', `订单 ${outTradeNo} 已支付成功并已入账，无需取消`);
      }
      return ok(null);
    });
    const alert = await screen.findByTestId('open-order');
    await user.click(within(alert).getByRole('button', { name: '取消支付' }));
    await shown(`订单 ${outTradeNo} 已支付成功并已入账，无需取消`);
    await waitFor(() => expect(screen.queryByTestId('open-order')).toBeNull());
    expect(calls(API.loanRecordDetail).length).toBeGreaterThan(1);
  });
});
