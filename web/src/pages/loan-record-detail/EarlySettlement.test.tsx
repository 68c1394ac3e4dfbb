import { API, type EarlySettleRequest } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAN, record } from '../../test/loan-record-fixtures';
import { fail, ok, shown } from '../../test/render';
import { card, loanDetailPageTest, ORDER, QUOTE } from './detail-test-setup';

const { setup, calls } = loanDetailPageTest();

describe('/record/loanRecordDetail: early settlement', () => {
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
});
