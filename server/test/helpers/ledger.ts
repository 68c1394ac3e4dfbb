import type { LedgerLine, TradingRecordPage } from '@loan/domain';
import { call, createTestApp, login, type TestApp } from './app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './borrower.ts';
import { advanceAndCollect, DAY, disburseLoan, makeHalfPayer } from './loans.ts';

export interface LedgerSetup {
  t: TestApp;
  /** a borrower whose store pays half on each due date and the rest later */
  a: ReadyBorrower;
  /** a's ledger, newest first: the disbursement and 3 × (half, rest) */
  all: LedgerLine[];
}

/** The trading record (the ledger with its totals) of `token`. */
export function tradingRecord(t: TestApp, query: Record<string, unknown>, token: string) {
  return call<TradingRecordPage>(t.app, 'GET', '/trading/tradingRecord', query, { token });
}

/** A borrower with a 3-month SHRB loan of 60000.00, past the last due date and its late payment. */
export async function ledgerSetup(): Promise<LedgerSetup> {
  const t = await createTestApp();
  let a = await makeReadyBorrower(t, 'ledgera');
  await makeHalfPayer(t, a.userId);
  await disburseLoan(t, a, 'SHRB-KJD', '60000', 3);
  await advanceAndCollect(t, 100 * DAY);
  a = { ...a, token: await login(t.app, a.loginId, a.password) };
  const page = await tradingRecord(t, { limit: 100 }, a.token);
  return { t, a, all: page.result.items };
}
