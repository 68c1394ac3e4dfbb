import {
  API,
  accountLock,
  type ReceivingAccountView,
  RSP,
  type SettlementAccountView,
  type SubAccountView,
} from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_POINT_PAYOUTS, receivingPoll } from '../../api/receiving-account';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { desktopWidth } from '../../test/loan-fixtures';
import { fail, fakeApi, fillIn, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { corporateAccountProblem, depositAmountProblem, returnPathOf } from './account-parts';
import ReceivingAccountPage from './ReceivingAccountPage';

const PATH = '/lock/toApplyAccountPage';

function sub(overrides: Partial<SubAccountView> = {}): SubAccountView {
  return {
    id: 1,
    bankCode: 'CGB',
    bankName: '广发银行',
    state: 'OPEN',
    accountNo: '6214830012345678',
    accountNoMasked: '6214 **** **** 5678',
    companyName: '深圳明远跨境电子商务有限公司',
    requestedAt: '2026-11-20T02:00:00.000Z',
    openedAt: '2026-11-20T02:00:03.000Z',
    closedAt: null,
    failReason: null,
    ...overrides,
  };
}

function settlement(overrides: Partial<SettlementAccountView> = {}): SettlementAccountView {
  return {
    state: 'PENDING',
    bankName: '招商银行深圳分行',
    accountName: '深圳明远跨境电子商务有限公司',
    accountNoMasked: '7559 **** 0012',
    triesLeft: 3,
    expiresAt: '2026-11-27T02:00:00.000Z',
    verifiedAt: null,
    ...overrides,
  };
}

function view(overrides: Partial<ReceivingAccountView> = {}): ReceivingAccountView {
  return {
    companyName: '深圳明远跨境电子商务有限公司',
    usccMasked: '9144********XKQ3X',
    eligibleBanks: [
      { bankCode: 'CGB', bankName: '广发银行', why: '申请中', required: true },
      { bankCode: 'YNIT', bankName: '云南国际信托', why: '借款中', required: false },
    ],
    current: null,
    history: [],
    settlement: null,
    payout: { state: 'NOT_POINTED', checkedAt: null, destinationMasked: null, note: null },
    paidMethod: null,
    lock: accountLock({ outstandingLoans: [], approvedApplications: 0 }),
    sandbox: true,
    ...overrides,
  };
}

let api: ReturnType<typeof fakeApi> | undefined;
let restoreWidth: (() => void) | undefined;
beforeEach(() => {
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  restoreWidth = desktopWidth();
});
afterEach(() => {
  api?.restore();
  restoreWidth?.();
  sessionStorage.clear();
});

type Handler = (r: RecordedRequest) => { body: unknown } | undefined;

/** Serves GET /lock/account from `state()` and the rest from `handle`. */
function setup(state: () => ReceivingAccountView, handle: Handler = () => undefined, path = PATH) {
  api = fakeApi((r) => {
    if (r.url === API.receivingAccount) return ok(state());
    return handle(r) ?? ok(null);
  });
  renderRoutes([{ path: PATH, element: <ReceivingAccountPage /> }], [path]);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const posted = (url: string) => api?.requests.filter((r) => r.url === url).map((r) => r.data);

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
    await waitFor(() => expect(screen.getByTestId('sub-account-no')).toHaveTextContent('6214830012345678'));
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
    api?.restore();
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
    expect(card).toHaveTextContent('账号「6214830012345678」');
    await user.click(within(card).getByRole('button', { name: '模拟在卖家后台完成指向' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('payout-card')).getAllByText('已指向').length).toBeGreaterThan(0),
    );
    expect(posted(DEV_POINT_PAYOUTS)).toEqual([{ loginId: 'demo', to: 'SUB_ACCOUNT' }]);
    await user.click(within(screen.getByTestId('payout-card')).getByRole('button', { name: '重新核实' }));
    await waitFor(() => expect(posted(API.recheckPayout)).toHaveLength(1));
  });

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
