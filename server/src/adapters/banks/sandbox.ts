import { createHash } from 'node:crypto';
import {
  BANK_CODES,
  type BankCallbackBody,
  type BankCode,
  estimatedCreditLimitFen,
  fenToYuan,
  formatYuan,
  STORE_CREDIT_SHARE_PERCENT,
} from '@loan/domain';
import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxBankJobs, sandboxBankRequests } from '../../db/schema.ts';
import type {
  BankAdapter,
  BankAdapters,
  BankQueryResult,
  BankSubmission,
  BankSubmitResult,
} from './bank-adapter.ts';
import { scheduleSubAccountAnswer, smallDepositRecord } from './sandbox-accounts.ts';

export interface SandboxBankOptions {
  db: Database;
  /** how long a sandbox bank takes to decide (and to disburse after signing) */
  decisionDelayMs: number;
}

/**
 * The sandbox partner banks (docs/SANDBOX.md "合作机构沙箱 / Partner-bank sandbox"). Deterministic rules,
 * asynchronous decisions, kept in the table sandbox_bank_jobs so they survive a restart:
 *
 * - every call that changes something is kept by its idempotency key (table sandbox_bank_requests): the same
 *   key gets the stored answer again and changes nothing (concurrent calls with one key wait for the first).
 * - submit: refused at once (not accepted) when the amount exceeds the store's whole trailing twelve months'
 *   sales; otherwise accepted with bankRef `<BANK>-<applicationId>-<8 hex of sha256(key)>` and a decision job due after
 *   decisionDelayMs: APPROVE (the amount asked) when the amount is at most the store's estimated limit (the
 *   domain's estimatedCreditLimitFen, 30 % of its annual sales), else REJECT naming the limit in yuan. The portal
 *   refuses such an amount itself before the bank is called (3106), so this REJECT is the bank's own safeguard. CRBANK (华润银行) in addition only lends to enterprises registered
 *   with the market regulator: a USCC not starting with "9" is rejected.
 * - cancel: drops the pending jobs and remembers the cancellation; refused once the loan is disbursed.
 * - contractSigned: a DISBURSE job due after decisionDelayMs.
 * - settle: early settlement of a disbursed loan, always accepted.
 * - query: the status as the jobs say.
 * - openSubAccount / sendSmallDeposit: sandbox-accounts.ts.
 * Due jobs are signed and posted to the real callback route by deliverDueBankCallbacks (sandbox-delivery.ts).
 */
export function createSandboxBanks(options: SandboxBankOptions): BankAdapters {
  return Object.fromEntries(BANK_CODES.map((code) => [code, sandboxBank(code, options)])) as Record<
    BankCode,
    BankAdapter
  >;
}

/** What a sandbox bank decides for a submission it accepted. */
export function sandboxDecision(
  submission: BankSubmission,
): Pick<BankCallbackBody, 'decision' | 'approvedAmount' | 'reason'> {
  if (submission.bank === 'CRBANK' && !submission.uscc.startsWith('9')) {
    return {
      decision: 'REJECT',
      reason: '华润银行仅受理在市场监管部门登记的企业（统一社会信用代码以 9 开头）',
    };
  }
  const limitFen = estimatedCreditLimitFen(submission.annualSalesFen);
  if (submission.amountFen <= limitFen) {
    return { decision: 'APPROVE', approvedAmount: fenToYuan(submission.amountFen) };
  }
  return {
    decision: 'REJECT',
    reason: `申请金额超过店铺授信额度 ${formatYuan(limitFen)} 元（近12个月销售额的${STORE_CREDIT_SHARE_PERCENT}%）`,
  };
}

/** A row that only records a cancellation for query(); never delivered. */
interface CancelMarker {
  sandboxCancelled: true;
  reason: string;
}

function isCancelMarker(payload: Record<string, unknown>): boolean {
  return payload.sandboxCancelled === true;
}

type Answer = Record<string, unknown>;

/** The sandbox's bankRef of a submission: deterministic, from the application and the idempotency key. */
export function sandboxBankRef(code: BankCode, applicationId: number, idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 8);
  return `${code}-${applicationId}-${digest}`;
}

function sandboxBank(code: BankCode, { db, decisionDelayMs }: SandboxBankOptions): BankAdapter {
  const due = (now: Date) => new Date(now.getTime() + decisionDelayMs);

  /** this bank's jobs about one application, with any further conditions */
  const jobsOf = (bankRef: string, ...more: SQL[]) =>
    and(eq(sandboxBankJobs.bank, code), eq(sandboxBankJobs.bankRef, bankRef), ...more);

  async function jobs(tx: Database, bankRef: string) {
    return tx.select().from(sandboxBankJobs).where(jobsOf(bankRef)).orderBy(asc(sandboxBankJobs.id));
  }

  /**
   * Runs `effect` once per idempotency key: the key is claimed with the effect in one transaction; a key seen
   * before gets its stored answer back and nothing else happens.
   */
  async function once<T extends Answer>(
    key: string,
    operation: string,
    now: Date,
    effect: (tx: Database) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(sandboxBankRequests)
        .values({ bank: code, idempotencyKey: key, operation, answer: {}, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: sandboxBankRequests.idempotencyKey });
      if (!fresh) {
        const [seen] = await tx
          .select({ answer: sandboxBankRequests.answer })
          .from(sandboxBankRequests)
          .where(and(eq(sandboxBankRequests.bank, code), eq(sandboxBankRequests.idempotencyKey, key)));
        return (seen?.answer ?? {}) as T;
      }
      const answer = await effect(tx);
      await tx
        .update(sandboxBankRequests)
        .set({ answer: { ...answer } })
        .where(and(eq(sandboxBankRequests.bank, code), eq(sandboxBankRequests.idempotencyKey, key)));
      return answer;
    });
  }

  return {
    code,
    sandbox: true,

    submit(submission, now, key) {
      return once(key, 'SUBMIT', now, async (tx): Promise<BankSubmitResult & Answer> => {
        if (submission.amountFen > submission.annualSalesFen) {
          return { accepted: false, reason: '申请金额超过店铺近12个月销售额，合作机构不予受理' };
        }
        const bankRef = sandboxBankRef(code, submission.applicationId, key);
        const body: BankCallbackBody = {
          eventId: `${bankRef}-DECISION`,
          bankRef,
          ...sandboxDecision(submission),
        };
        await tx
          .insert(sandboxBankJobs)
          .values({ bank: code, bankRef, payload: { ...body }, dueAt: due(now) });
        return { accepted: true, bankRef };
      });
    },

    async query(bankRef): Promise<BankQueryResult> {
      const rows = await jobs(db, bankRef);
      if (rows.length === 0) return { status: 'UNKNOWN', reason: null };
      const marker = rows.find((r) => isCancelMarker(r.payload));
      if (marker) return { status: 'CANCELLED', reason: String(marker.payload.reason ?? '') || null };
      const decision = rows.find((r) => String(r.payload.eventId ?? '').endsWith('-DECISION'));
      if (!decision?.deliveredAt) return { status: 'UNDER_REVIEW', reason: null };
      const body = decision.payload as unknown as BankCallbackBody;
      return body.decision === 'APPROVE'
        ? { status: 'APPROVED', reason: null }
        : { status: 'REJECTED', reason: body.reason ?? null };
    },

    cancel(bankRef, reason, now, key) {
      return once(key, 'CANCEL', now, async (tx) => {
        const delivered = await tx
          .select({ payload: sandboxBankJobs.payload })
          .from(sandboxBankJobs)
          .where(jobsOf(bankRef, isNotNull(sandboxBankJobs.deliveredAt)));
        if (delivered.some((r) => r.payload.decision === 'DISBURSE')) {
          return { ok: false, reason: '款项已发放，合作机构无法取消' };
        }
        await tx.delete(sandboxBankJobs).where(jobsOf(bankRef, isNull(sandboxBankJobs.deliveredAt)));
        const marker: CancelMarker = { sandboxCancelled: true, reason };
        await tx
          .insert(sandboxBankJobs)
          .values({ bank: code, bankRef, payload: { ...marker }, dueAt: now, deliveredAt: now });
        return { ok: true, reason: null };
      });
    },

    async contractSigned(bankRef, now, key) {
      await once(key, 'CONTRACT_SIGNED', now, async (tx) => {
        const eventId = `${bankRef}-DISBURSE`;
        if ((await jobs(tx, bankRef)).some((r) => r.payload.eventId === eventId)) return { ok: true };
        const body: BankCallbackBody = { eventId, bankRef, decision: 'DISBURSE' };
        await tx
          .insert(sandboxBankJobs)
          .values({ bank: code, bankRef, payload: { ...body }, dueAt: due(now) });
        return { ok: true };
      });
    },

    settle(_bankRef, _totalFen, now, key) {
      // the sandbox banks accept every early settlement the portal quoted (docs/SANDBOX.md)
      return once(key, 'SETTLE', now, async () => ({ ok: true, reason: null }));
    },

    openSubAccount(request, now, key) {
      // the answer (opened or failed) comes by the signed callback: sandbox-accounts.ts
      return once(key, 'OPEN_SUB_ACCOUNT', now, async (tx) => {
        await scheduleSubAccountAnswer(tx, request, key, due(now));
        return { accepted: true, reason: null };
      });
    },

    async sendSmallDeposit(deposit, now, key) {
      const answer = await once(key, 'SMALL_DEPOSIT', now, async () => smallDepositRecord(deposit));
      return { ok: answer.ok === true, reason: (answer.reason as string | null) ?? null };
    },
  };
}
