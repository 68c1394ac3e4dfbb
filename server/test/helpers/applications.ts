import type { ApplicationDetail, LoanContractView, SignContractRequest } from '@loan/domain';
import { deliverDueBankCallbacks } from '../../src/adapters/banks/sandbox-delivery.ts';
import { type ApiAnswer, call, type TestApp } from './app.ts';

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

/** Moves the clock past the sandbox banks' delay and delivers what is due, as the 1-second timer would. */
export async function deliverAfterDelay(t: TestApp): Promise<number> {
  t.clock.advance(t.config.sandboxDecisionDelayMs + 1000);
  return deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });
}

/** The result of a call that must succeed. */
export function okResult<T>(answer: ApiAnswer<T>): T {
  if (answer.response.rspCode !== '0000') throw new Error(`call failed: ${JSON.stringify(answer.response)}`);
  return answer.result;
}
