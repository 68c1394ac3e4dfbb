import { API, type LoanContractView, RSP } from '@loan/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveStoreCheck, saveUserInfo } from '../../session/session';
import { applicationDetail } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { loanContract } from './contract-fixtures';

type Reply = { body: unknown };
let api: ReturnType<typeof fakeApi>;
function serve(contract: () => LoanContractView, sign: (r: RecordedRequest) => Reply = () => ok(null)) {
  api = fakeApi((r) => {
    if (r.url === API.clientConfig) return ok({ sandbox: true });
    if (r.url === API.loanContract) return ok(contract());
    if (r.url === API.signContract) return sign(r);
    if (r.url === API.applicationDetail) {
      const detail = applicationDetail('YNIT-XT01', {
        state: 'APPROVED',
        current: 'SIGN_CONTRACT',
        canSign: true,
        approvedAmount: '30000.00',
        termMonths: 3,
      });
      return ok({ ...detail, application: { ...detail.application, signDeadline: '2026-11-28' } });
    }
    return ok(null);
  });
}

const PAGE = '/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT';
const seconds = async (n: number) => {
  for (let i = 0; i < n; i++) await act(async () => vi.advanceTimersByTime(1000));
};
const signs = () => api.requests.filter((r) => r.url === API.signContract);
const contractReads = () => api.requests.filter((r) => r.url === API.loanContract);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  saveStoreCheck({ shopAuth: '03', storeInfo: { sellerId: 'A1', sellerName: '店' } });
});
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
  vi.useRealTimers();
});

/** A range of rates as the product's summary shows it ("18.00% ~ 19.00%"). */
const RATE_RANGE = /\d+(\.\d+)?%\s*[~～-]\s*\d/;

/** The value next to the 年化利率 label in a Descriptions grid. */
const rateCell = (terms: HTMLElement) =>
  within(terms).getByText('年化利率').closest('.ant-descriptions-item-label')?.nextElementSibling;

/** Reads for the whole reading time, ticks the box and opens the confirmation. */
async function readAndSign(user: ReturnType<typeof userEvent.setup>) {
  await seconds(15);
  await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《借款合同》' }));
  await user.click(await screen.findByRole('button', { name: '签署借款合同' }));
  return screen.findByRole('dialog');
}

describe('the loan contract at the signing step', () => {
  it('shows the key facts, parties, every instalment, the terms and the full text from the contract', async () => {
    serve(() => loanContract());
    renderRoutes(appRoutes, [PAGE]);
    const facts = await screen.findByRole('region', { name: '关键信息' });
    expect(contractReads()[0]?.params).toEqual({ rowId: 101 });
    expect(within(facts).getByTestId('key-amount')).toHaveTextContent('30,000.00');
    expect(within(facts).getByTestId('key-annualised-rate')).toHaveTextContent('15.23%');
    expect(within(facts).getByTestId('key-total-repay')).toHaveTextContent('30,782.00');
    expect(within(facts).getByTestId('key-total-interest')).toHaveTextContent('602.00 元');
    expect(within(facts).getByTestId('key-total-fees')).toHaveTextContent('180.00 元');
    expect(within(facts).getByTestId('key-first-payment')).toHaveTextContent('2026-12-21 应还 10,260.00 元');
    expect(within(facts).getByTestId('key-last-payment')).toHaveTextContent('2027-02-21 应还 10,261.00 元');
    expect(within(facts).getByText('3 个月')).toBeInTheDocument();

    // lender, borrower and the service platform: 合同各方, not 双方
    expect(screen.getByRole('heading', { name: '合同各方' })).toBeInTheDocument();
    expect(screen.queryByText('合同双方')).toBeNull();
    expect(screen.getByText('深圳明远跨境电子商务有限公司')).toBeInTheDocument();
    expect(screen.getByText('91440300MA5G8XKQ3X')).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: '还款计划' });
    // one entry per instalment (cards at this width), each with its date and payment
    for (const [period, due, payment] of [
      [1, '2026-12-21', '10,260.00'],
      [2, '2027-01-21', '10,261.00'],
      [3, '2027-02-21', '10,261.00'],
    ] as const) {
      const row = within(schedule).getByTestId(`contract-period-${period}`);
      expect(row).toHaveTextContent(due);
      expect(within(row).getByTestId('payment')).toHaveTextContent(payment);
    }
    // the schedule's sums are the key facts
    expect(within(schedule).getByTestId('total-payment')).toHaveTextContent('30,782.00');
    expect(within(schedule).getByTestId('total-interest')).toHaveTextContent('602.00');
    expect(within(schedule).getByTestId('total-fee')).toHaveTextContent('180.00');
    expect(screen.getByText('逾期罚息按名义年利率上浮 50% 按日计收')).toBeInTheDocument();
    expect(screen.getByText('广发银行 6214****5566')).toBeInTheDocument();
    expect(screen.getByTestId('sign-deadline')).toHaveTextContent('2026-11-28');
    expect(
      screen.getByText('审批已通过，请于 2026-11-28（含当日）前签署借款合同，逾期审批结果失效'),
    ).toBeInTheDocument();
    const body = screen.getByRole('region', { name: '借款合同全文' });
    expect(within(body).getByText('借款人向贷款人借款人民币 30,000.00 元。')).toBeInTheDocument();
    expect(screen.getByTestId('contract-no')).toHaveTextContent('JKYNIT2026112100000101');
    // this loan's terms replace the product's ranges
    expect(screen.queryByText('额度范围')).not.toBeInTheDocument();
    expect(screen.getByTestId('approved-amount')).toHaveTextContent('30,000.00 元');
    // one 年化利率, this loan's, not the product's range ("18.00% ~ 19.00%") anywhere on the page
    const terms = screen.getByLabelText('本笔借款');
    expect(rateCell(terms)).toHaveTextContent(/^15\.23%$/);
    expect(document.body.textContent).not.toMatch(RATE_RANGE);
  });

  it('signs only after the reading time and the tick box, confirming amount, total and 年化利率 with hash and token', async () => {
    serve(() => loanContract());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, [PAGE]);
    expect(await screen.findByRole('button', { name: '请阅读合同（15 秒）' })).toBeDisabled();
    await seconds(5);
    expect(screen.getByRole('button', { name: '请阅读合同（10 秒）' })).toBeDisabled();
    await seconds(10);
    // read, but not yet accepted
    expect(screen.getByRole('button', { name: '签署借款合同' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《借款合同》' }));
    await user.click(screen.getByRole('button', { name: '签署借款合同' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认签署借款合同？').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('30,000.00 元')).toBeInTheDocument();
    expect(within(dialog).getByText('30,782.00 元')).toBeInTheDocument();
    expect(within(dialog).getByText('15.23%')).toBeInTheDocument();
    expect(signs()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '确认签署' }));
    await waitFor(() => expect(signs()).toHaveLength(1));
    expect(signs()[0]?.data).toEqual({ rowId: 101, textHash: 'a'.repeat(64), readToken: 'token-1' });
  });

  it('a read too short (3405) is shown by the button', async () => {
    serve(
      () => loanContract(),
      () => fail(RSP.CONTRACT_READ_TOO_SHORT, '阅读时间不足，请完整阅读借款合同后再签署'),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, [PAGE]);
    await screen.findByRole('region', { name: '关键信息' });
    const dialog = await readAndSign(user);
    await user.click(within(dialog).getByRole('button', { name: '确认签署' }));
    expect(await screen.findByTestId('sign-error')).toHaveTextContent(
      '阅读时间不足，请完整阅读借款合同后再签署',
    );
    expect(screen.getByRole('button', { name: '签署借款合同' })).toBeInTheDocument();
  });

  it('a changed text (3406) is shown, loaded again with its own reading time, and signed with its hash', async () => {
    let served = 0;
    serve(
      () => {
        served += 1;
        return loanContract({ readToken: `token-${served}`, textHash: String(served).repeat(64) });
      },
      (r) =>
        (r.data as { readToken: string }).readToken === 'token-1'
          ? fail(RSP.CONTRACT_CHANGED, '合同内容已更新，请重新阅读后签署')
          : ok(null),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, [PAGE]);
    await screen.findByRole('region', { name: '关键信息' });
    const dialog = await readAndSign(user);
    await user.click(within(dialog).getByRole('button', { name: '确认签署' }));
    await shown('合同内容已更新，请重新阅读后签署');
    await waitFor(() => expect(contractReads()).toHaveLength(2));
    // the new text: read again, tick again
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^请阅读合同（\d+ 秒）$/ })).toBeDisabled(),
    );
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意《借款合同》' })).not.toBeChecked();
    const again = await readAndSign(user);
    await user.click(within(again).getByRole('button', { name: '确认签署' }));
    await waitFor(() => expect(signs()).toHaveLength(2));
    expect(signs()[1]?.data).toEqual({ rowId: 101, textHash: '2'.repeat(64), readToken: 'token-2' });
  });

  it('a deadline passed while reading (3404): the contract is loaded again and says it can no longer be signed', async () => {
    let expired = false;
    serve(
      () => loanContract({ expired }),
      () => {
        expired = true;
        return fail(RSP.SIGN_DEADLINE_PASSED, '已超过签署截止日期，审批结果已失效');
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, [PAGE]);
    await screen.findByRole('region', { name: '关键信息' });
    const dialog = await readAndSign(user);
    await user.click(within(dialog).getByRole('button', { name: '确认签署' }));
    const alert = await screen.findByTestId('contract-expired');
    expect(alert).toHaveTextContent('审批已过签署截止日期，借款合同不能再签署');
    expect(alert).toHaveTextContent('签署截止日期为 2026-11-28');
    expect(screen.queryByRole('button', { name: '签署借款合同' })).not.toBeInTheDocument();
  });

  it('an expired approval shows why it cannot be signed, and no sign button', async () => {
    serve(() => loanContract({ expired: true }));
    renderRoutes(appRoutes, [PAGE]);
    await shown('审批已过签署截止日期，借款合同不能再签署');
    expect(screen.queryByRole('button', { name: /签署借款合同|请阅读合同/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
