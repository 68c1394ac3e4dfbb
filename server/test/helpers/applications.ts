import {
  type ApplicationDetail,
  BANK_CODES,
  type LoanContractView,
  type SignContractRequest,
} from '@loan/domain';
import type { BankAdapter, BankAdapters } from '../../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from '../../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../../src/adapters/banks/sandbox-delivery.ts';
import { type ApiAnswer, call, createTestApp, type TestApp } from './app.ts';

/** Calls of the applications API for tests. */
export function applicationCalls(t: TestApp) {
  const post = (path: string, token: string, body: Record<string, unknown>) =>
    call<ApplicationDetail>(t.app, 'POST', path, body, { token });
  return {
    create: (token: string, productCode: string) =>
      post('/loanMgr/createApplication', token, { productCode }),
    detail: (token: string, query: Record<string, string>) =>
      call<ApplicationDetail>(t.app, 'GET', '/loanMgr/application', query, { token }),
    submit: (token: string, rowId: number, amount = '500000.00', termMonths = 12, purpose = '采购备货') =>
      post('/loanMgr/submitApplication', token, { rowId, amount, termMonths, purpose }),
    completeStep: (token: string, rowId: number, step: string) =>
      post('/loanMgr/completeStep', token, { rowId, step }),
    cancel: (token: string, rowId: number, reason?: string) =>
      post('/loanMgr/advanceCancel', token, reason === undefined ? { rowId } : { rowId, reason }),
    contract: (token: string, rowId: number | string) =>
      call<LoanContractView>(t.app, 'GET', '/loanMgr/loanContract', { rowId: String(rowId) }, { token }),
    /** the raw response: a PDF, or the JSON envelope of a refusal */
    contractPdf: (token: string, rowId: number | string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/loanMgr/loanContractPdf?rowId=${encodeURIComponent(String(rowId))}`,
        headers: { accessToken: token },
      }),
    /** the preview before signing: a PDF, or the JSON envelope of a refusal */
    contractPreviewPdf: (token: string, rowId: number | string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/loanMgr/loanContractPreviewPdf?rowId=${encodeURIComponent(String(rowId))}`,
        headers: { accessToken: token },
      }),
    signWith: (token: string, body: SignContractRequest) => post('/loanMgr/signContract', token, { ...body }),
    /**
     * Signs as the page does: reads the contract, waits out its reading time on the test clock, then signs with
     * the hash and read token it was served. When the contract cannot be read (not approved, not theirs), signs
     * without them so the signing call gives its own refusal.
     */
    sign: async (token: string, rowId: number) => {
      const read = await call<LoanContractView>(
        t.app,
        'GET',
        '/loanMgr/loanContract',
        { rowId: String(rowId) },
        { token },
      );
      if (read.response.rspCode !== '0000' || !read.result.readToken) {
        return post('/loanMgr/signContract', token, { rowId, textHash: '', readToken: '' });
      }
      t.clock.advance(read.result.minReadSeconds * 1000);
      const { textHash, readToken } = read.result;
      return post('/loanMgr/signContract', token, { rowId, textHash, readToken });
    },
  };
}

/** A test app and the applications calls on it. */
export async function applicationsApp() {
  const t = await createTestApp();
  return { t, api: applicationCalls(t) };
}

/** Moves the clock past the sandbox banks' delay and delivers what is due, as the 1-second timer would. */
export async function deliverAfterDelay(t: TestApp): Promise<number> {
  t.clock.advance(t.config.sandboxDecisionDelayMs + 1000);
  return deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });
}

/** Each step of an application's flow with its status. */
export const stepStatus = (d: ApplicationDetail) => Object.fromEntries(d.steps.map((s) => [s.key, s.status]));

/** The result of a call that must succeed. */
export function okResult<T>(answer: ApiAnswer<T>): T {
  if (answer.response.rspCode !== '0000') throw new Error(`call failed: ${JSON.stringify(answer.response)}`);
  return answer.result;
}

/** Switches of the sandbox banks: submissions fail as if the bank could not be reached; cancellations are refused. */
export interface FlakySwitch {
  failSubmit: boolean;
  refuseCancel: boolean;
}

/** A test app whose sandbox banks fail or refuse as `flaky` says (as usual while it is off). */
export async function createFlakyBanksApp(flaky: FlakySwitch): Promise<TestApp> {
  let inner: BankAdapters | null = null;
  const get = () => {
    if (!inner) throw new Error('banks not ready');
    return inner;
  };
  const one = (code: (typeof BANK_CODES)[number]): BankAdapter => ({
    code,
    sandbox: true,
    submit: (s, now, key) =>
      flaky.failSubmit ? Promise.reject(new Error('timeout')) : get()[code].submit(s, now, key),
    query: (ref, now) => get()[code].query(ref, now),
    cancel: (ref, reason, now, key) =>
      flaky.refuseCancel
        ? Promise.resolve({ ok: false, reason: '已进入放款流程' })
        : get()[code].cancel(ref, reason, now, key),
    contractSigned: (ref, now, key) => get()[code].contractSigned(ref, now, key),
    settle: (ref, total, now, key) => get()[code].settle(ref, total, now, key),
    openSubAccount: (r, now, key) => get()[code].openSubAccount(r, now, key),
    sendSmallDeposit: (d, now, key) => get()[code].sendSmallDeposit(d, now, key),
  });
  const t = await createTestApp({
    banks: Object.fromEntries(BANK_CODES.map((c) => [c, one(c)])) as unknown as BankAdapters,
  });
  inner = createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs });
  return t;
}
