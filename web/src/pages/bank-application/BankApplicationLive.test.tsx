import { API, type ApplicationState } from '@loan/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partnerPoll } from '../../api/applications';
import { appRoutes } from '../../app/routes';
import { loanContract } from '../../components/contract/contract-fixtures';
import { applicationDetail } from '../../test/application-fixtures';
import { ok, renderRoutes, shown } from '../../test/render';
import { bankApplicationTests } from './test-setup';

const { serve, api } = bankApplicationTests();
const POLL_MS = partnerPoll.ms;
const PATH = '/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT';

beforeEach(() => {
  partnerPoll.ms = 150;
});
afterEach(() => {
  partnerPoll.ms = POLL_MS;
  vi.useRealTimers();
});

/** After signing every step is done; the bank's disbursement is what is left. */
function signed(state: ApplicationState, loanId: number | null = null) {
  const detail = applicationDetail('YNIT-XT01', {
    rowId: 101,
    state,
    amount: '50000.00',
    approvedAmount: '40000.00',
    termMonths: 12,
    canCancel: state === 'SIGNED',
    loanId,
  });
  detail.steps = detail.steps.map((step) => ({ ...step, status: 'DONE' }));
  return detail;
}

const detailCalls = () => api().requests.filter((r) => r.url === API.applicationDetail).length;

describe('bank application page after signing', () => {
  it('turns to 已放款 without a reload, with the amount lent and a link to the loan, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    serve((r) => {
      if (r.url === API.loanContract) return ok(loanContract());
      if (r.url !== API.applicationDetail) return ok(null);
      calls += 1;
      return ok(calls < 3 ? signed('SIGNED') : signed('DISBURSED', 9));
    });
    const { router } = renderRoutes(appRoutes, [PATH]);
    await shown(/放款结果会自动显示在本页/);
    expect(await screen.findByRole('button', { name: '取消申请' })).toBeInTheDocument();

    await shown('放款金额：40,000.00 元');
    expect(screen.queryByText(/放款结果会自动显示在本页/)).toBeNull();
    expect(screen.queryByRole('button', { name: '取消申请' })).toBeNull();
    const asked = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(partnerPoll.ms * 4));
    expect(detailCalls()).toBe(asked);

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('link', { name: '查看借款详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/record/loanRecordDetail'));
    expect(router.state.location.search).toBe('?rowId=101');
  });

  it('a draft is not asked again by itself (the borrower moves it)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve((r) => {
      return r.url === API.applicationDetail
        ? ok(applicationDetail('YNIT-XT01', { rowId: 101, current: 'FACE_VERIFY' }))
        : ok(null);
    });
    renderRoutes(appRoutes, [PATH]);
    await shown('当前步骤：人脸识别');
    const asked = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(partnerPoll.ms * 4));
    expect(detailCalls()).toBe(asked);
  });
});
