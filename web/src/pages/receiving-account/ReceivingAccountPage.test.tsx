import { API, accountLock, RSP } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { receivingPoll } from '../../api/receiving-account';
import { fail, ok, shown } from '../../test/render';
import { corporateAccountProblem, depositAmountProblem, returnPathOf } from './account-parts';
import { PATH, receivingPageHarness, sub, view } from './receiving-fixtures';

const { setup, posted, restore } = receivingPageHarness();

describe('/lock/toApplyAccountPage', () => {
  it('checks amounts, account numbers and the way back before asking the server', () => {
    expect(depositAmountProblem('')).toBe('请输入对公账户收到的打款金额');
    expect(depositAmountProblem('0.371')).toBe('金额格式不正确，如 0.37');
    expect(depositAmountProblem('1.00')).toBe('打款金额在 0.01 至 0.99 元之间');
    expect(depositAmountProblem('0.00')).toBe('打款金额在 0.01 至 0.99 元之间');
    expect(depositAmountProblem(' 0.37 ')).toBeNull();
    expect(corporateAccountProblem('1234567')).toBe('对公账号为8-30位数字');
    expect(corporateAccountProblem('7559 1234 0012')).toBeNull();
    expect(returnPathOf('/apply/LoanInfo_CGB/101/CGB-KJED')).toBe('/apply/LoanInfo_CGB/101/CGB-KJED');
    expect(returnPathOf('https://evil.example/apply/')).toBeNull();
    expect(returnPathOf('//evil.example')).toBeNull();
  });

  it('opens a sub-account at the chosen bank, follows it while opening and shows the full number to copy', async () => {
    receivingPoll.ms = 50;
    let state = view();
    const user = setup(
      () => state,
      (r) => {
        if (r.url !== API.openSubAccount) return undefined;
        state = view({
          current: sub({ state: 'OPENING', accountNo: null, accountNoMasked: null, openedAt: null }),
        });
        // the bank's callback arrives while the page polls
        setTimeout(() => {
          state = view({ current: sub() });
        }, 120);
        return ok(null);
      },
      `${PATH}?bank=CGB&from=${encodeURIComponent('/apply/LoanInfo_CGB/101/CGB-KJED')}`,
    );
    const form = await screen.findByRole('form', { name: '开立收款子账户' });
    expect(within(form).getByText('9144********XKQ3X')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: /广发银行/ })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: /云南国际信托/ }));
    await user.click(within(form).getByRole('radio', { name: /广发银行/ }));
    await user.click(within(form).getByRole('button', { name: '申请开立' }));
    await shown('广发银行正在开立收款子账户');
    expect(posted(API.openSubAccount)).toEqual([{ bankCode: 'CGB' }]);
    await waitFor(() =>
      expect(screen.getByTestId('sub-account-no')).toHaveTextContent('6214 8300 1234 5678'),
    );
    expect(screen.getByRole('button', { name: '复制' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回借款申请' })).toHaveAttribute(
      'href',
      '/apply/LoanInfo_CGB/101/CGB-KJED',
    );
    receivingPoll.ms = 2000;
  });

  it('shows why the bank refused and opens again', async () => {
    const failed = sub({
      state: 'FAILED',
      accountNo: null,
      accountNoMasked: null,
      openedAt: null,
      failReason: '企业名称与统一社会信用代码不一致',
    });
    const user = setup(
      () => view({ current: failed }),
      (r) =>
        r.url === API.openSubAccount
          ? fail(RSP.SUB_ACCOUNT_OPENING, '收款子账户正在开立中，请稍后刷新查看结果')
          : undefined,
    );
    await shown('原因：企业名称与统一社会信用代码不一致。请核对后重新申请。');
    const form = screen.getByRole('form', { name: '开立收款子账户' });
    expect(within(form).getByRole('radio', { name: /广发银行/ })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: '申请开立' }));
    // the refusal next to the field
    await shown('收款子账户正在开立中，请稍后刷新查看结果');
  });

  it('asks for certification first, and for an application when no bank is eligible', async () => {
    let state = view({ companyName: null, usccMasked: null });
    setup(() => state);
    await shown('开立收款子账户需要先完成企业认证');
    expect(screen.getByRole('link', { name: '去认证' })).toHaveAttribute('href', '/apply/LoanInfo');
    restore();
    state = view({ eligibleBanks: [] });
    setup(() => state);
    await shown('收款子账户开立在您正在申请或借款的合作机构。请先在贷款信息页选择产品发起申请。');
  });

  it('while locked, refuses a change with the reasons and until when', async () => {
    const lock = accountLock({
      outstandingLoans: [{ loanId: 9, maturityDate: '2027-05-20' }],
      approvedApplications: 0,
    });
    const user = setup(() =>
      view({
        current: sub(),
        lock,
        history: [
          sub({ id: 0, state: 'CLOSED', bankName: '云南国际信托', closedAt: '2026-11-20T02:00:03.000Z' }),
        ],
      }),
    );
    const banner = await screen.findByTestId('lock-banner');
    expect(banner).toHaveTextContent('您有 1 笔贷款尚未结清');
    expect(banner).toHaveTextContent('最晚到期日 2027-05-20');
    await user.click(screen.getByRole('button', { name: '变更收款账户' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('收款账户已锁定，暂不能变更');
    expect(dialog).toHaveTextContent('您有 1 笔贷款尚未结清，还款从该账户的店铺回款中扣收');
    expect(screen.queryByRole('form', { name: '开立收款子账户' })).toBeNull();
    // history: the earlier account
    expect(screen.getByText('已变更')).toBeInTheDocument();
  });

  it('shows no lock while there is no account to lock: asks to open one, offers no change', async () => {
    const lock = accountLock({
      outstandingLoans: [{ loanId: 9, maturityDate: '2027-05-20' }],
      approvedApplications: 0,
    });
    setup(() => view({ lock }));
    await screen.findByRole('form', { name: '开立收款子账户' });
    expect(screen.queryByTestId('lock-banner')).toBeNull();
    expect(screen.queryByText('收款账户已锁定，暂不能变更')).toBeNull();
    expect(screen.queryByRole('button', { name: '变更收款账户' })).toBeNull();
  });

  it('groups a 19-digit account number by four, masked ones too, and copies the bare digits', async () => {
    setup(() =>
      view({
        current: sub({ accountNo: '6214830012345678901', accountNoMasked: '6214********8901' }),
        history: [sub({ id: 0, state: 'CLOSED', accountNo: null, accountNoMasked: '6222********1234' })],
      }),
    );
    const no = await screen.findByTestId('sub-account-no');
    expect(no.textContent).toContain('6214 8300 1234 5678 901');
    expect(screen.getByText('6222 **** **** 1234')).toBeInTheDocument();
  });

  it('locked only by an approved application, lets the server decide a move to that bank', async () => {
    const lock = accountLock({ outstandingLoans: [], approvedApplications: 1 });
    const user = setup(
      () => view({ current: sub({ bankCode: 'YNIT', bankName: '云南国际信托' }), lock }),
      (r) =>
        r.url === API.openSubAccount
          ? fail(RSP.RECEIVING_ACCOUNT_LOCKED, '收款账户已锁定，暂不能变更：原因')
          : undefined,
      `${PATH}?bank=CGB`,
    );
    await user.click(await screen.findByRole('button', { name: '变更收款账户' }));
    const form = await screen.findByRole('form', { name: '开立收款子账户' });
    expect(within(form).getByRole('radio', { name: /广发银行/ })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: '申请开立新账户' }));
    await shown('收款账户已锁定，暂不能变更：原因');
    expect(posted(API.openSubAccount)).toEqual([{ bankCode: 'CGB' }]);
  });
});
