import type { LedgerLine, LoanRecordItem } from '@loan/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { saveLogin } from '../session/session';
import type { fakeApi } from './render';

/** Test data of loans after the decision. */

export function loanRecordItem(rowId: number, overrides: Partial<LoanRecordItem> = {}): LoanRecordItem {
  return {
    rowId,
    loanId: rowId + 1000,
    bank: 'YNIT',
    bankName: '云南国际信托',
    productCode: 'YNIT-XT01',
    productName: `信托贷${rowId}`,
    amount: '50000.00',
    termMonths: 12,
    state: 'DISBURSED',
    recordStatus: 'REPAYING',
    overdueBucket: null,
    outstandingPrincipal: '41000.00',
    createdAt: '2026-11-01T02:00:00.000Z',
    disbursedAt: '2026-11-02T03:04:05.000Z',
    bankPath: `/apply/LoanInfo_YNIT/${rowId}/YNIT-XT01/1`,
    ...overrides,
  };
}

export function ledgerLine(id: number, overrides: Partial<LedgerLine> = {}): LedgerLine {
  return {
    id,
    type: 'REPAYMENT',
    amount: '-4650.00',
    principal: '4000.00',
    interest: '600.00',
    penalty: '50.00',
    fee: '0.00',
    loanId: 2001,
    productName: '信托贷',
    reversesId: null,
    memo: `第 ${id} 笔`,
    occurredAt: '2026-11-15T01:00:00.000Z',
    ...overrides,
  };
}

/** antd's Grid answers every min-width query: desktop width. Returns the restore function. */
export function desktopWidth(): () => void {
  const previous = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}

/**
 * A signed-in page's tests: signs in before each test of the calling file, and after it stops the fake API and
 * gives back the screen width that the test set (`page.api = fakeApi(…)`, `page.restoreWidth = desktopWidth()`).
 */
export function signedInPageTest() {
  const page: { api?: ReturnType<typeof fakeApi>; restoreWidth?: () => void } = {};
  beforeEach(() => saveLogin('tok'));
  afterEach(() => {
    page.api?.restore();
    page.restoreWidth?.();
    page.restoreWidth = undefined;
  });
  return page;
}
