import {
  type AccountOverview,
  API,
  type FeeListResult,
  type LoanRecordDetail,
  OPS_API,
  type SettlementQuote,
  yuanToFen,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import { receivingSettings } from '../../src/db/schema.ts';
import { call, login, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';
import { opsCall, type SignedInOperator } from './operators.ts';

/** The borrower's own 主动还款: nothing is taken from the payouts, an unpaid instalment turns overdue with penalty. */
export async function repaysActively(t: TestApp, b: ReadyBorrower): Promise<void> {
  await t.db.delete(receivingSettings).where(eq(receivingSettings.userId, b.userId));
  await t.db
    .insert(receivingSettings)
    .values({ userId: b.userId, paidMethod: 'ACTIVE_REPAY', updatedAt: t.clock.now() });
}

/** Everything the borrower reads about one loan, in fen: fee list, loan page, settlement quote, My account. */
export async function borrowerFigures(t: TestApp, b: ReadyBorrower, rowId: number, loanId: number) {
  const token = await login(t.app, b.loginId, b.password);
  const get = async <T>(path: string, query?: Record<string, unknown>) =>
    okResult(await call<T>(t.app, 'GET', path, query, { token }));
  const fees = await get<FeeListResult>(API.feeList, { loanId, pageSize: 100 });
  const detail = await get<LoanRecordDetail>(API.loanRecordDetail, { rowId });
  const quote = await get<SettlementQuote>(API.settlementQuote, { loanId });
  const account = await get<AccountOverview>(API.accountOverview);
  const fen = (yuan: string | undefined) => yuanToFen(yuan ?? '0');
  return {
    feeOutstanding: (seq: number) => fen(fees.items.find((i) => i.seq === seq)?.outstanding),
    feeWaived: (seq: number) => fen(fees.items.find((i) => i.seq === seq)?.waived),
    instalment: (seq: number) => {
      const row = detail.instalments.find((i) => i.seq === seq);
      return { outstanding: fen(row?.outstanding), waived: fen(row?.waived), status: row?.status };
    },
    quote: { fee: fen(quote.fee), penalty: fen(quote.penalty), total: fen(quote.total) },
    feesDue: fen(account.owed.feesDue),
    overdue: fen(account.owed.overdueAmount),
  };
}

/** The waiver calls of the console. */
export function waiverCalls(t: TestApp) {
  return {
    ask: (who: SignedInOperator, body: Record<string, unknown>) =>
      opsCall<{ requestId: number; state: string }>(t, 'POST', OPS_API.waiverRequest, body, who.opsToken),
    waivable: (who: SignedInOperator, loginId: string) =>
      opsCall<{
        fees: Array<{ feeItemId: number; seq: number; owed: string; pending: unknown }>;
        penalties: Array<{ loanId: number; seq: number; owed: string; pending: unknown }>;
      }>(t, 'GET', OPS_API.borrowerWaivable, { loginId }, who.opsToken),
    confirm: (who: SignedInOperator, requestId: number) =>
      opsCall<{ state: string }>(t, 'POST', OPS_API.confirmRequest, { requestId }, who.opsToken),
    decline: (who: SignedInOperator, requestId: number, reason: string) =>
      opsCall<{ state: string }>(t, 'POST', OPS_API.declineRequest, { requestId, reason }, who.opsToken),
  };
}
