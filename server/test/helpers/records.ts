import type { LoanRecordDetail, LoanRecordItem, Page } from '@loan/domain';
import { call, createTestApp, login, type TestApp } from './app.ts';
import { applicationCalls, okResult } from './applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './borrower.ts';
import { disburseLoan } from './loans.ts';

/** The loan records API for tests. */
export function recordCalls(t: TestApp) {
  return {
    records: (token: string, query: Record<string, unknown> = {}) =>
      call<Page<LoanRecordItem>>(t.app, 'GET', '/loanMgr/loanRecords', query, { token }),
    detail: (token: string, rowId: unknown) =>
      call<LoanRecordDetail>(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId }, { token }),
  };
}

export interface RecordsSetup {
  t: TestApp;
  a: ReadyBorrower;
  b: ReadyBorrower;
  /** a's applications: a disbursed YNIT loan, a cancelled CGB application, a draft SHRB application */
  aLoanRow: number;
  aCancelledRow: number;
  aDraftRow: number;
  /** b's disbursed CGB loan */
  bLoanRow: number;
}

/** Two borrowers with loan records: a has a loan, a cancelled application (two days older) and a draft; b a loan. */
export async function recordsSetup(): Promise<RecordsSetup> {
  const t = await createTestApp();
  const api = applicationCalls(t);
  let a = await makeReadyBorrower(t, 'recorda');
  const aLoanRow = await disburseLoan(t, a, 'YNIT-XT01', '100000', 6);
  const aCancelledRow = okResult(await api.create(a.token, 'CGB-KJED')).application.rowId;
  okResult(await api.cancel(a.token, aCancelledRow, '暂不需要'));
  t.clock.advance(2 * 24 * 3600_000);
  a = { ...a, token: await login(t.app, a.loginId, a.password) };
  const b = await makeReadyBorrower(t, 'recordb');
  const aDraftRow = okResult(await api.create(a.token, 'SHRB-KJD')).application.rowId;
  const bLoanRow = await disburseLoan(t, b, 'CGB-KJED', '200000', 3);
  return { t, a, b, aLoanRow, aCancelledRow, aDraftRow, bLoanRow };
}
