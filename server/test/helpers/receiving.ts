import { API, type BankCode, type ReceivingAccountView } from '@loan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { callbackBody } from '../../src/adapters/banks/sandbox-accounts.ts';
import { markBankJobDelivered } from '../../src/adapters/banks/sandbox-delivery.ts';
import { postToOwnRoute } from '../../src/adapters/sandbox-post.ts';
import { sandboxBankJobs, sellerStores } from '../../src/db/schema.ts';
import { seal } from '../../src/lib/sealed-columns.ts';
import {
  BANK_SIGNATURE_HEADER,
  BANK_TIMESTAMP_HEADER,
  signBankCallback,
} from '../../src/modules/bank-callbacks/signature.ts';
import { call, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';

/** Calls of the receiving-account API (/lock/*) for tests. */
export function receivingCalls(t: TestApp) {
  const post = (path: string, token: string, body?: Record<string, unknown>) =>
    call<ReceivingAccountView>(t.app, 'POST', path, body, { token });
  return {
    view: (token: string) => call<ReceivingAccountView>(t.app, 'GET', '/lock/account', undefined, { token }),
    open: (token: string, bankCode: string) => post('/lock/openSubAccount', token, { bankCode }),
    settlement: (token: string, bankName: string, accountNo: string) =>
      post('/lock/settlementAccount', token, { bankName, accountNo }),
    verify: (token: string, amount: string) => post('/lock/verifySettlement', token, { amount }),
    recheck: (token: string) => post('/lock/recheckPayout', token, {}),
    paidMethod: (token: string, paidMethod: string) => post('/lock/paidMethod', token, { paidMethod }),
  };
}

/**
 * Delivers the sandbox banks' pending sub-account answers now (signed, to the real callback route), leaving every
 * other sandbox job (decisions, disbursements) where it is and the clock unmoved. Returns how many.
 */
export async function deliverSubAccountAnswers(t: TestApp): Promise<number> {
  const jobs = await t.db
    .select()
    .from(sandboxBankJobs)
    .where(
      and(
        eq(sandboxBankJobs.callbackPath, API.subAccountCallbackSuffix),
        isNull(sandboxBankJobs.deliveredAt),
      ),
    );
  for (const job of jobs) {
    const rawBody = JSON.stringify(callbackBody(job));
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const answer = await postToOwnRoute(
      t.app,
      `${t.config.apiBase}${API.bankCallback}/${job.bank}${job.callbackPath}`,
      {
        [BANK_TIMESTAMP_HEADER]: timestamp,
        [BANK_SIGNATURE_HEADER]: signBankCallback(
          t.config.bankCallbackSecrets[job.bank as BankCode],
          job.bank,
          timestamp,
          rawBody,
        ),
      },
      rawBody,
    );
    if (!answer.delivered) throw new Error(`sub-account callback refused: ${answer.rspCode}`);
    await markBankJobDelivered(t.db, job, t.clock.now());
  }
  return jobs.length;
}

/**
 * Opens the borrower's collection sub-account at `bank` through the sandbox bank (request, then its signed
 * callback), as the receiving-account page does. Returns the view.
 */
export async function openSubAccountAt(
  t: TestApp,
  b: ReadyBorrower,
  bank: BankCode,
): Promise<ReceivingAccountView> {
  okResult(await receivingCalls(t).open(b.token, bank));
  await deliverSubAccountAnswers(t);
  const view = okResult(await receivingCalls(t).view(b.token));
  if (view.current?.state !== 'OPEN')
    throw new Error(`sub-account not open: ${JSON.stringify(view.current)}`);
  return view;
}

/** Gives the ready borrower's store a sealed marketplace token (the payout check asks the marketplace with it). */
export async function giveStoreToken(
  t: TestApp,
  userId: number,
  uuid = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
) {
  await t.db
    .update(sellerStores)
    .set({ tokenEnc: seal(t.config, 'storeToken', userId, `amzn.mws.${uuid}`) })
    .where(eq(sellerStores.userId, userId));
}
