import { createHash } from 'node:crypto';
import { API, BANK_CODES, type BankCode, type SubAccountCallbackBody } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import { type SandboxBankJobRow, sandboxBankJobs } from '../../db/schema.ts';
import type { SmallDeposit, SubAccountRequest } from './bank-adapter.ts';

/**
 * The sandbox banks' collection sub-accounts and small deposits (docs/SANDBOX.md "收款账户沙箱"):
 * - openSubAccount: always accepted; after decisionDelayMs the bank posts its signed answer to
 *   /callbacks/bank/{bank}/account: FAILED for a USCC starting with "93" (a farmers' cooperative, which the
 *   sandbox banks do not open collection accounts for), else OPENED with the number
 *   `62<bank index + 1>8` + 15 digits of sha256(requestRef): deterministic per request, so the job waiting in
 *   sandbox_bank_jobs holds no number: it is worked out when the answer is sent (callbackBody).
 * - sendSmallDeposit: always sent; the amount is what the portal chose; kept in sandbox_bank_requests.
 */
const SANDBOX_REFUSED_USCC_PREFIX = '93';

function sandboxSubAccountNo(bank: BankCode, requestRef: string): string {
  const digest = createHash('sha256').update(requestRef).digest();
  const digits = Array.from({ length: 15 }, (_, i) => String((digest[i] ?? 0) % 10)).join('');
  return `62${BANK_CODES.indexOf(bank) + 1}8${digits}`;
}

/** The sub-account callback the sandbox bank owes for an opening request. */
function sandboxSubAccountAnswer(request: SubAccountRequest, requestRef: string): SubAccountCallbackBody {
  const eventId = `${requestRef}-ACCOUNT`;
  if (request.uscc.startsWith(SANDBOX_REFUSED_USCC_PREFIX)) {
    return {
      eventId,
      requestRef,
      outcome: 'FAILED',
      reason: '统一社会信用代码以 93 开头的农民专业合作社不能开立对公收款子账户',
    };
  }
  return { eventId, requestRef, outcome: 'OPENED', accountNo: sandboxSubAccountNo(request.bank, requestRef) };
}

/** Schedules the sandbox bank's signed answer to an opening request. */
export async function scheduleSubAccountAnswer(
  tx: Database,
  request: SubAccountRequest,
  requestRef: string,
  dueAt: Date,
): Promise<void> {
  const { accountNo: _workedOutWhenSent, ...body } = sandboxSubAccountAnswer(request, requestRef);
  await tx.insert(sandboxBankJobs).values({
    bank: request.bank,
    bankRef: requestRef,
    payload: { ...body },
    dueAt,
    callbackPath: API.subAccountCallbackSuffix,
  });
}

/** What the sandbox bank remembers of a small deposit it sent (tests and the demo read it). */
export function smallDepositRecord(deposit: SmallDeposit): Record<string, unknown> {
  return {
    ok: true,
    reason: null,
    amountFen: deposit.amountFen,
    accountNoTail: deposit.accountNo.slice(-4),
  };
}

/** The body a job's callback carries: an opened sub-account's number is worked out now, never stored. */
export function callbackBody(job: SandboxBankJobRow): Record<string, unknown> {
  const { payload } = job;
  if (
    job.callbackPath !== API.subAccountCallbackSuffix ||
    payload.outcome !== 'OPENED' ||
    payload.accountNo
  ) {
    return payload;
  }
  return { ...payload, accountNo: sandboxSubAccountNo(job.bank, String(payload.requestRef)) };
}
