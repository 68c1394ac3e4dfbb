import {
  API,
  accountLock,
  type ReceivingAccountView,
  type SettlementAccountView,
  type SubAccountView,
} from '@loan/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import { RECEIVING_ACCOUNT_PATH } from '../../app/paths';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { desktopWidth } from '../../test/loan-fixtures';
import { fakeApi, ok, type RecordedRequest, renderRoutes } from '../../test/render';
import ReceivingAccountPage from './ReceivingAccountPage';

/** The receiving account page's test data and harness, shared by its test files. */

export const PATH = RECEIVING_ACCOUNT_PATH;
export function sub(overrides: Partial<SubAccountView> = {}): SubAccountView {
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

export function settlement(overrides: Partial<SettlementAccountView> = {}): SettlementAccountView {
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

export function view(overrides: Partial<ReceivingAccountView> = {}): ReceivingAccountView {
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

type Handler = (r: RecordedRequest) => { body: unknown } | undefined;

/**
 * Signs in and sets a desktop width around each test of the calling file; `setup` serves GET /lock/account from
 * `state()` and the rest from `handle`, and renders the page; `posted` lists the bodies sent to a path.
 */
export function receivingPageHarness() {
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
  return {
    setup(state: () => ReceivingAccountView, handle: Handler = () => undefined, path = PATH) {
      api = fakeApi((r) => {
        if (r.url === API.receivingAccount) return ok(state());
        return handle(r) ?? ok(null);
      });
      renderRoutes([{ path: PATH, element: <ReceivingAccountPage /> }], [path]);
      return userEvent.setup({ pointerEventsCheck: 0 });
    },
    /** stops serving this test's fake API (before a second setup in one test) */
    restore: () => api?.restore(),
    posted: (url: string) => api?.requests.filter((r) => r.url === url).map((r) => r.data),
  };
}
