import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { desktopWidth, signedInPageTest } from '../../test/loan-fixtures';
import { order, refundDetailOf, refundItem } from '../../test/pay-fixtures';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown } from '../../test/render';
import { amountProblem } from './RefundForm';
import RefundPage from './RefundPage';

const PAID = order('PAY20261123100000000001', { status: 'PAID', refundable: '250.00', refunded: '100.00' });
const page = signedInPageTest();

function setup(
  path = '/account/refund',
  applyAnswer = () => ok(refundDetailOf(refundItem('RF20261123110000000009'))),
) {
  let refunds = [
    refundItem('RF20261123100000000005', {
      status: 'REJECTED',
      canCancel: false,
      reviewReason: '已超过退款期限',
    }),
  ];
  let detail = refundDetailOf(refundItem('RF20261123110000000009'));
  page.api = fakeApi((r) => {
    if (r.url === API.payOrders)
      return ok([PAID, order('PAY20261123100000000002', { status: 'PAID', refundable: '0.00' })]);
    if (r.url === API.refundList) return ok({ items: refunds, nextCursor: null });
    if (r.url === API.refundApply) {
      const answer = applyAnswer();
      if ('body' in answer && (answer.body as { result: unknown }).result)
        refunds = [detail.refund, ...refunds];
      return answer;
    }
    if (r.url === API.refundDetail) return ok(detail);
    if (r.url === API.refundCancel) {
      detail = refundDetailOf({ ...detail.refund, status: 'CANCELLED', canCancel: false });
      detail.timeline.push({
        at: '2026-11-23T03:05:00.000Z',
        fromState: 'SUBMITTED',
        toState: 'CANCELLED',
        event: 'CANCEL',
        eventLabel: '撤销申请',
        actor: 'BORROWER',
        actorLabel: '借款人',
        reason: '借款人撤销申请',
      });
      return ok(detail);
    }
    return ok(null);
  });
  renderRoutes([{ path: '/account/refund', element: <RefundPage /> }], [path]);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe('/account/refund', () => {
  it('checks the amount against the refundable before asking the server', () => {
    expect(amountProblem('', 25000)).toBe('请输入退款金额');
    expect(amountProblem('1.234', 25000)).toBe('金额格式不正确，最多两位小数');
    expect(amountProblem('0', 25000)).toBe('退款金额须大于 0 元');
    expect(amountProblem('250.01', 25000)).toBe('退款金额不能超过可退金额 250.00 元');
    expect(amountProblem('250.00', 25000)).toBeNull();
  });

  it('applies for a refund of the order it came for, then follows it and cancels it before review', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup('/account/refund?outTradeNo=PAY20261123100000000001');
    const form = await screen.findByRole('form', { name: '退款申请' });
    await within(form).findByText('本单可退 250.00 元');
    // nothing refundable on the other order: it is not offered
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    await shown('请输入退款金额');
    await shown('请填写退款原因');
    await fillIn(user, within(form).getByLabelText('退款金额（元）'), '300');
    await shown('退款金额不能超过可退金额 250.00 元');
    await user.click(within(form).getByRole('button', { name: '全部可退' }));
    await fillIn(user, within(form).getByLabelText('退款原因'), '重复缴纳了第 1 期服务费');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(page.api?.requests.find((r) => r.url === API.refundApply)?.data).toEqual({
        outTradeNo: 'PAY20261123100000000001',
        amount: '250.00',
        reason: '重复缴纳了第 1 期服务费',
      }),
    );
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('RF20261123110000000009');
    expect(within(drawer).getByText('提交申请 · 已提交')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '撤销申请' }));
    await shown('确定撤销该退款申请？');
    await user.click(screen.getAllByRole('button', { name: '撤销申请' }).at(-1) as HTMLElement);
    await within(drawer).findByText('撤销申请 · 已撤销');
    expect(page.api?.requests.find((r) => r.url === API.refundCancel)?.data).toEqual({
      refundNo: 'RF20261123110000000009',
    });
  });

  it('counts the reason and refuses past 200 characters under the field, cutting nothing, sending nothing', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup('/account/refund?outTradeNo=PAY20261123100000000001');
    const form = await screen.findByRole('form', { name: '退款申请' });
    await within(form).findByText('本单可退 250.00 元');
    await fillIn(user, within(form).getByLabelText('退款金额（元）'), '10');
    const reason = within(form).getByLabelText('退款原因');
    await user.click(reason);
    await user.paste('退'.repeat(201));
    // nothing cut: the whole text stays, the count says how far over
    expect(reason).toHaveValue('退'.repeat(201));
    expect(within(form).getByText('201 / 200')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    await shown('退款原因不能超过 200 个字');
    expect(reason.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
      '退款原因不能超过 200 个字',
    );
    expect(page.api?.requests.some((r) => r.url === API.refundApply)).toBe(false);

    await user.type(reason, '{Backspace}');
    expect(within(form).getByText('200 / 200')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(page.api?.requests.find((r) => r.url === API.refundApply)?.data).toMatchObject({
        reason: '退'.repeat(200),
      }),
    );
  });

  it('shows the server’s refusal next to its field', async () => {
    page.restoreWidth = desktopWidth();
    const user = setup('/account/refund?outTradeNo=PAY20261123100000000001', () =>
      fail('3905', '该笔支付已有处理中的退款申请，请等待处理完成或撤销后再申请'),
    );
    const form = await screen.findByRole('form', { name: '退款申请' });
    await within(form).findByText('本单可退 250.00 元');
    await fillIn(user, within(form).getByLabelText('退款金额（元）'), '10');
    await fillIn(user, within(form).getByLabelText('退款原因'), '误缴');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    await shown('该笔支付已有处理中的退款申请，请等待处理完成或撤销后再申请');
  });

  it('lists the refunds with their status and the reviewer’s reason', async () => {
    page.restoreWidth = desktopWidth();
    setup();
    await shown('RF20261123100000000005');
    expect(screen.getByText('已拒绝')).toBeInTheDocument();
    expect(screen.getByText('拒绝原因：已超过退款期限')).toBeInTheDocument();
  });
});
