import { API, type ApplicationState } from '@loan/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partnerPoll } from '../../api/applications';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { applicationDetail } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';

let api: ReturnType<typeof fakeApi>;
const POLL_MS = partnerPoll.ms;

beforeEach(() => {
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  partnerPoll.ms = 150;
});
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
  partnerPoll.ms = POLL_MS;
  vi.useRealTimers();
});

const submitted = (state: ApplicationState, extra: Parameters<typeof applicationDetail>[1] = {}) => {
  const detail = applicationDetail('YNIT-XT01', {
    rowId: 101,
    state,
    current: 'BANK_REVIEW',
    amount: '50000.00',
    termMonths: 12,
    canCancel: state === 'UNDER_REVIEW' || state === 'SUBMITTED',
    ...extra,
  });
  detail.timeline.push({
    at: '2026-11-21T03:04:05.000Z',
    fromState: 'DRAFT',
    toState: 'SUBMITTED',
    event: 'SUBMIT',
    actor: 'BORROWER',
    actorLabel: '借款人',
    reason: null,
  });
  if (state === 'REJECTED')
    detail.timeline.push({
      at: '2026-11-21T03:10:00.000Z',
      fromState: 'UNDER_REVIEW',
      toState: 'REJECTED',
      event: 'REJECT',
      actor: 'BANK',
      actorLabel: '云南国际信托',
      reason: '超出店铺授信额度',
    });
  return detail;
};

const detailCalls = () => api.requests.filter((r) => r.url === API.applicationDetail).length;

describe('/auditing', () => {
  it('shows the application with its timeline in Beijing time, and the decision arrives without a reload', async () => {
    // the poll runs on the fake clock (moving with real time), so the check that it stopped can jump ahead
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    api = fakeApi((r) => {
      if (r.url !== API.applicationDetail) return ok(null);
      calls += 1;
      return ok(
        calls < 3
          ? submitted('UNDER_REVIEW')
          : submitted('REJECTED', { decisionReason: '超出店铺授信额度', canCancel: false }),
      );
    });
    const { router } = renderRoutes(appRoutes, ['/auditing?rowId=101']);
    await shown(/审核结果会自动显示在本页/);
    expect(api.requests.find((r) => r.url === API.applicationDetail)?.params).toEqual({ rowId: '101' });
    expect(screen.getByText('50,000.00 元')).toBeInTheDocument();
    expect(screen.getByText('12 个月')).toBeInTheDocument();
    // 03:04:05 UTC is 11:04:05 in Shanghai
    expect(screen.getByText('2026-11-21 11:04:05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消申请' })).toBeInTheDocument();

    await shown('审核未通过');
    expect(screen.getAllByText('原因：超出店铺授信额度')).toHaveLength(2); // the result and the timeline
    expect(screen.getByText(/云南国际信托：审批拒绝/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?rowId=101');
    expect(screen.queryByRole('button', { name: '取消申请' })).not.toBeInTheDocument();

    // polling stops once decided
    const after = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(partnerPoll.ms * 4));
    expect(detailCalls()).toBe(after);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: '查看其他产品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
  });

  it('the heading and the tab’s title follow the state: 审核中 → 审批通过 without a reload', async () => {
    let calls = 0;
    api = fakeApi((r) => {
      if (r.url !== API.applicationDetail) return ok(null);
      calls += 1;
      return ok(
        calls < 3 ? submitted('UNDER_REVIEW') : submitted('APPROVED', { approvedAmount: '50000.00' }),
      );
    });
    renderRoutes(appRoutes, ['/auditing?rowId=101']);
    expect(await screen.findByRole('heading', { level: 3, name: '审核中' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('审核中'));
    expect(await screen.findByRole('heading', { level: 3, name: '审批通过' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('审批通过'));
    expect(screen.queryByRole('heading', { name: '审核中' })).toBeNull();
    expect(screen.getByRole('button', { name: '去签署借款合同' })).toBeInTheDocument();
  });

  it.each([
    ['REJECTED', '已拒绝'],
    ['CANCELLED', '已取消'],
    ['WITHDRAWN', '已取消'],
  ] as const)('%s: the heading and the title say %s, and the page stops asking', async (state, label) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api = fakeApi((r) =>
      r.url === API.applicationDetail ? ok(submitted(state, { canCancel: false })) : ok(null),
    );
    renderRoutes(appRoutes, ['/auditing?rowId=101']);
    expect(await screen.findByRole('heading', { level: 3, name: label })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(label));
    const asked = detailCalls();
    // a final state is not asked again: the fake clock jumps past a few intervals
    await act(() => vi.advanceTimersByTimeAsync(partnerPoll.ms * 4));
    expect(detailCalls()).toBe(asked);
  });

  it('signed: waits for the money and turns to 已放款 with the amount and a link to the loan', async () => {
    let calls = 0;
    api = fakeApi((r) => {
      if (r.url !== API.applicationDetail) return ok(null);
      calls += 1;
      return ok(
        calls < 3
          ? submitted('SIGNED', { approvedAmount: '40000.00', canCancel: true })
          : submitted('DISBURSED', { approvedAmount: '40000.00', canCancel: false, loanId: 9 }),
      );
    });
    const { router } = renderRoutes(appRoutes, ['/auditing?rowId=101']);
    await shown(/放款结果会自动显示在本页/);
    expect(screen.getByRole('heading', { level: 3, name: '已签约' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: '已放款' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('已放款'));
    expect(screen.getByTestId('disbursed-amount')).toHaveTextContent('放款金额：40,000.00 元');
    await userEvent.click(screen.getByRole('link', { name: '查看借款详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/record/loanRecordDetail'));
    expect(router.state.location.search).toBe('?rowId=101');
  });

  it('approved: the approved amount and the way to sign on the bank page', async () => {
    const detail = submitted('APPROVED', { approvedAmount: '40000.00' });
    api = fakeApi((r) => (r.url === API.applicationDetail ? ok(detail) : ok(null)));
    const { router } = renderRoutes(appRoutes, ['/auditing?rowId=101']);
    await shown(/下一步：签署借款合同，/);
    expect(screen.getByText(/审批金额：40,000.00 元/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '去签署借款合同' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(detail.application.bankPath));
  });

  it("approved at a bank whose next step is the receiving account: says that step, from the bank's flow", async () => {
    const detail = applicationDetail('CGB-KJED', {
      rowId: 101,
      state: 'APPROVED',
      current: 'OPEN_COLLECTION_ACCOUNT',
      amount: '50000.00',
      termMonths: 12,
      approvedAmount: '40000.00',
    });
    api = fakeApi((r) => (r.url === API.applicationDetail ? ok(detail) : ok(null)));
    const { router } = renderRoutes(appRoutes, ['/auditing?rowId=101']);
    await shown(/下一步：开立收款账户，/);
    expect(screen.queryByText(/签署借款合同/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '去开立收款账户' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(detail.application.bankPath));
  });

  it('cancels in advance from the review screen', async () => {
    let state: ApplicationState = 'UNDER_REVIEW';
    api = fakeApi((r) => {
      if (r.url === API.advanceCancel) {
        state = 'CANCELLED';
        return ok(null);
      }
      return r.url === API.applicationDetail ? ok(submitted(state)) : ok(null);
    });
    renderRoutes(appRoutes, ['/auditing?rowId=101']);
    await userEvent.click(await screen.findByRole('button', { name: '取消申请' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    await shown(/本次申请已在放款前取消/);
    expect(api.requests.find((r) => r.url === API.advanceCancel)).toMatchObject({
      data: { rowId: 101 },
      timeout: 30000,
    });
  });

  it('without rowId shows the newest application under review', async () => {
    const older = submitted('UNDER_REVIEW').application;
    api = fakeApi((r) => {
      if (r.url === API.applicationList)
        return ok({
          items: [
            { ...older, rowId: 5, state: 'REJECTED', submittedAt: '2026-11-22T00:00:00.000Z' },
            { ...older, rowId: 6, submittedAt: '2026-11-20T00:00:00.000Z' },
            { ...older, rowId: 7, submittedAt: '2026-11-21T00:00:00.000Z' },
          ],
        });
      return r.url === API.applicationDetail ? ok(submitted('UNDER_REVIEW', { rowId: 7 })) : ok(null);
    });
    renderRoutes(appRoutes, ['/auditing']);
    await shown(/审核结果会自动显示在本页/);
    expect(api.requests.find((r) => r.url === API.applicationDetail)?.params).toEqual({ rowId: '7' });
  });

  it('without rowId and nothing under review: an empty state', async () => {
    api = fakeApi((r) => (r.url === API.applicationList ? ok({ items: [] }) : ok(null)));
    renderRoutes(appRoutes, ['/auditing']);
    await shown('暂无审核中的申请');
  });
});
