import { type AccountOverview, API, OPS_API, yuanToFen } from '@loan/domain';
import { call, login, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import { makeReadyBorrower, type ReadyBorrower, type ReadyBorrowerOptions } from './borrower.ts';
import { disburseLoan } from './loans.ts';
import { makeOperator, opsCall, type SignedInOperator } from './operators.ts';
import { loanIdOf } from './payments.ts';
import { repaysActively } from './waivers.ts';

export interface WorklistLine {
  loginId: string;
  name: string;
  overdueAmount: string;
  daysPastDue: number;
  bucket: string;
  instalments: number;
  lastContact: { at: string; channel: string; outcome: string } | null;
  promise: { promisedDate: string; amount: string } | null;
  nextAction: string | null;
  nextActionDate: string | null;
  assignee: { loginId: string; name: string } | null;
  caseId: number | null;
}
export interface Worklist {
  asOf: string;
  lines: WorklistLine[];
  nextCursor: string | null;
}
export interface Summary {
  asOf: string;
  buckets: Array<{ bucket: string; borrowers: number; amount: string }>;
  total: { borrowers: number; amount: string };
}
export interface CaseView {
  asOf: string;
  overdue: { amount: string; daysPastDue: number; bucket: string | null };
  case: {
    caseId: number;
    assignee: { loginId: string } | null;
    nextAction: string | null;
    nextActionDate: string | null;
  } | null;
  instalments: Array<{
    loanId: number;
    seq: number;
    dueDate: string;
    daysPastDue: number;
    penalty: string;
    owed: string;
  }>;
  activities: Array<Record<string, unknown> & { id: number; kind: string; state: string | null }>;
  messages: Array<{
    title: string;
    deliveries: Array<{ channel: string; state: string; reason: string | null }>;
  }>;
}
type Act = { caseId: number; activityId: number | null };

/** The console's collections calls, as an operator. */
export function collectionCalls(t: TestApp) {
  const post = (path: string) => (who: SignedInOperator, body: Record<string, unknown>) =>
    opsCall<Act>(t, 'POST', path, body, who.opsToken);
  return {
    worklist: (who: SignedInOperator, query: Record<string, unknown> = {}) =>
      opsCall<Worklist>(t, 'GET', OPS_API.collectionWorklist, query, who.opsToken),
    summary: (who: SignedInOperator, query: Record<string, unknown> = {}) =>
      opsCall<Summary>(t, 'GET', OPS_API.collectionSummary, query, who.opsToken),
    case: (who: SignedInOperator, loginId: string) =>
      opsCall<CaseView>(t, 'GET', OPS_API.collectionCase, { loginId }, who.opsToken),
    assignees: (who: SignedInOperator) =>
      opsCall<Array<{ loginId: string }>>(t, 'GET', OPS_API.collectionAssignees, undefined, who.opsToken),
    note: post(OPS_API.collectionNote),
    contact: post(OPS_API.collectionContact),
    promise: post(OPS_API.collectionPromise),
    hardship: post(OPS_API.collectionHardship),
    decide: post(OPS_API.collectionHardshipDecide),
    assign: post(OPS_API.collectionAssign),
    nextAction: post(OPS_API.collectionNextAction),
  };
}

/**
 * A borrower who repays actively (主动还款: nothing is taken from the store's payouts) with a disbursed loan: once
 * the clock passes a due date, the instalment is overdue.
 */
export async function activeBorrower(
  t: TestApp,
  loginId: string,
  loan: { productCode: string; amount: string; termMonths: number },
  options: ReadyBorrowerOptions = {},
): Promise<ReadyBorrower & { rowId: number; loanId: number }> {
  const b = await makeReadyBorrower(t, loginId, options);
  const rowId = await disburseLoan(t, b, loan.productCode, loan.amount, loan.termMonths);
  await repaysActively(t, b);
  return { ...b, rowId, loanId: await loanIdOf(t, rowId) };
}

/** What the borrower's own My account says is overdue now, in fen (a fresh sign-in: the clock may have moved). */
export async function borrowerOverdueFen(t: TestApp, b: ReadyBorrower): Promise<number> {
  const token = await login(t.app, b.loginId, b.password);
  const overview = okResult(
    await call<AccountOverview>(t.app, 'GET', API.accountOverview, undefined, { token }),
  );
  return yuanToFen(overview.owed.overdueAmount);
}

/** Operators signed in now (a console session ends after 15 idle minutes: sign in again after moving the clock). */
export function operatorsOf(t: TestApp) {
  let round = 0;
  return async (role: string) => {
    round += 1;
    return makeOperator(t, `cl-${role}-${round}`, [role]);
  };
}
