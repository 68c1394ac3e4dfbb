import { API, accountLock, RSP } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEV_POINT_PAYOUTS } from '../../api/receiving-account';
import { fail, fillIn, ok, shown } from '../../test/render';
import { receivingPageHarness, settlement, sub, view } from './receiving-fixtures';

const { setup, posted } = receivingPageHarness();

describe('/lock/toApplyAccountPage: settlement account, payouts and repayment method', () => {
  it('asks for the settlement account only once a sub-account is open (its bank sends the deposit)', async () => {
    setup(() =>
      view({ current: sub({ state: 'OPENING', accountNo: null, accountNoMasked: null, openedAt: null }) }),
    );
    await shown('收款子账户开立成功后，由开户银行向您的对公账户发起小额打款验证。');
    expect(screen.queryByRole('form', { name: '结算账户' })).toBeNull();
  });

  it('verifies the settlement account: submit, a wrong amount near the field with tries left, then the right one', async () => {
    let state = view({ current: sub() });
    const user = setup(
      () => state,
      (r) => {
        if (r.url === API.settlementAccount) {
          state = { ...state, settlement: settlement() };
          return ok(null);
        }
        if (r.url === API.verifySettlement) {
          if ((r.data as { amount: string }).amount === '0.37') {
            state = {
              ...state,
              settlement: settlement({
                state: 'VERIFIED',
                triesLeft: 2,
                verifiedAt: '2026-11-20T03:00:00.000Z',
              }),
            };
            return ok(null);
          }
          state = { ...state, settlement: settlement({ triesLeft: 2 }) };
          return fail(RSP.SETTLEMENT_AMOUNT_WRONG, '打款金额不正确，请核对对公账户的入账金额后重新输入');
        }
        return undefined;
      },
    );
    const form = await screen.findByRole('form', { name: '结算账户' });
    await fillIn(user, within(form).getByLabelText('开户银行'), '招商银行深圳分行');
    await fillIn(user, within(form).getByLabelText('对公账号'), '123');
    await user.click(within(form).getByRole('button', { name: '提交并发起小额打款' }));
    await shown('对公账号为8-30位数字');
    await user.clear(within(form).getByLabelText('对公账号'));
    await fillIn(user, within(form).getByLabelText('对公账号'), '7559 1234 5678 0012');
    await user.click(within(form).getByRole('button', { name: '提交并发起小额打款' }));
    const verify = await screen.findByRole('form', { name: '小额打款验证' });
    expect(posted(API.settlementAccount)).toEqual([
      { bankName: '招商银行深圳分行', accountNo: '7559123456780012' },
    ]);
    expect(verify).toHaveTextContent('还可输入 3 次');
    await fillIn(user, within(verify).getByLabelText('打款金额（元）'), '0.12');
    await user.click(within(verify).getByRole('button', { name: '提交验证' }));
    await shown('打款金额不正确，请核对对公账户的入账金额后重新输入');
    await waitFor(() =>
      expect(screen.getByRole('form', { name: '小额打款验证' })).toHaveTextContent('还可输入 2 次'),
    );
    const input = within(screen.getByRole('form', { name: '小额打款验证' })).getByLabelText('打款金额（元）');
    await user.clear(input);
    await fillIn(user, input, '0.37');
    await user.click(screen.getByRole('button', { name: '提交验证' }));
    await shown('已验证');
    expect(posted(API.verifySettlement)).toEqual([{ amount: '0.12' }, { amount: '0.37' }]);
  });

  it('shows where payouts go with the steps, rechecks, and in the sandbox points them for the seller', async () => {
    let state = view({ current: sub() });
    const user = setup(
      () => state,
      (r) => {
        if (r.url === API.clientConfig) return ok({ sandbox: true, environment: 'development' });
        if (r.url === DEV_POINT_PAYOUTS || r.url === API.recheckPayout) {
          state = {
            ...state,
            payout: {
              state: 'POINTED',
              checkedAt: '2026-11-20T03:00:00.000Z',
              destinationMasked: '6214 **** **** 5678',
              note: null,
            },
          };
          return ok(null);
        }
        return undefined;
      },
    );
    const card = await screen.findByTestId('payout-card');
    expect(within(card).getAllByText('未指向').length).toBeGreaterThan(0);
    expect(card).toHaveTextContent('账号「6214 8300 1234 5678」');
    await user.click(await within(card).findByRole('button', { name: '模拟在卖家后台完成指向' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('payout-card')).getAllByText('已指向').length).toBeGreaterThan(0),
    );
    expect(posted(DEV_POINT_PAYOUTS)).toEqual([{ loginId: 'demo', to: 'SUB_ACCOUNT' }]);
    await user.click(within(screen.getByTestId('payout-card')).getByRole('button', { name: '重新核实' }));
    await waitFor(() => expect(posted(API.recheckPayout)).toHaveLength(1));
  });

  it.each(['production', 'test'])(
    'offers no sandbox shortcut on a %s server running the sandboxes (its developer route is not there)',
    async (environment) => {
      setup(
        () => view({ current: sub() }),
        (r) => (r.url === API.clientConfig ? ok({ sandbox: true, environment }) : undefined),
      );
      const card = await screen.findByTestId('payout-card');
      await waitFor(() => expect(posted(API.clientConfig)).toHaveLength(1));
      expect(within(card).getByRole('button', { name: '重新核实' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: '模拟在卖家后台完成指向' })).toBeNull();
      expect(card).not.toHaveTextContent('（沙箱）');
    },
  );

  it('shows a diverted payout as 异常', async () => {
    const lock = accountLock({
      outstandingLoans: [{ loanId: 9, maturityDate: '2027-05-20' }],
      approvedApplications: 0,
    });
    setup(() =>
      view({
        current: sub(),
        lock,
        payout: {
          state: 'DIVERTED',
          checkedAt: '2026-11-20T03:00:00.000Z',
          destinationMasked: '6222 **** 9999',
          note: '回款已指向其他账户',
        },
      }),
    );
    await shown('店铺回款未指向收款子账户');
    expect(within(screen.getByTestId('payout-card')).getAllByText('异常').length).toBeGreaterThan(0);
    expect(screen.getByText('6222 **** 9999')).toBeInTheDocument();
  });

  it('chooses the repayment method, each with what it means', async () => {
    let state = view({ current: sub() });
    const user = setup(
      () => state,
      (r) => {
        if (r.url !== API.paidMethod) return undefined;
        state = { ...state, paidMethod: (r.data as { paidMethod: 'ACTIVE_REPAY' }).paidMethod };
        return ok(null);
      },
    );
    const group = await screen.findByRole('radiogroup', { name: '还款方式' });
    expect(within(group).getByRole('radio', { name: /回款自动扣款/ })).toBeChecked();
    expect(group).toHaveTextContent('默认');
    expect(group).toHaveTextContent('到期前由您在借款详情页点击“立即还款”自行支付');
    await user.click(within(group).getByRole('radio', { name: /主动还款/ }));
    await waitFor(() => expect(posted(API.paidMethod)).toEqual([{ paidMethod: 'ACTIVE_REPAY' }]));
    await waitFor(() =>
      expect(
        within(screen.getByRole('radiogroup', { name: '还款方式' })).getByRole('radio', { name: /主动还款/ }),
      ).toBeChecked(),
    );
  });
});
