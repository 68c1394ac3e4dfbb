import {
  APPROVED_STATES,
  type BankCode,
  isBankCode,
  type OpenSubAccountRequest,
  PARTNER_BANKS,
  RSP,
  rspText,
  type SubAccountActor,
  type SubAccountEvent,
  type SubAccountState,
  subAccountNext,
} from '@loan/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { SubAccountRequest } from '../../adapters/banks/bank-adapter.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { applications, loans, subAccountEvents, subAccounts, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { certificationSummary } from '../certification/service.ts';
import { idempotencyKeyOf } from '../partner-calls/claims.ts';
import { type PartnerOperation, runPartnerCall } from '../partner-calls/run.ts';
import { eligibleBanks, lockOf, subAccountsOf } from './accounts.ts';

/** The subject of a sub-account's opening call. */
const subAccountSubject = (id: number) => `sub-account-${id}`;
const OPEN_OPERATION = 'BANK_OPEN_SUB_ACCOUNT';
/** where a new request starts, from the table */
const REQUESTED = subAccountNext(null, 'REQUEST', 'BORROWER') ?? 'OPENING';

export interface OpenPayload extends Record<string, unknown> {
  subAccountId: number;
  request: SubAccountRequest;
}

/**
 * The one writer of a sub-account's state: the move must be a row of the domain's table (SUB_ACCOUNT_TRANSITIONS;
 * anything else is a bug and throws), and is made only if the account is still in the state read, with its event
 * log row. False when another request moved it first.
 */
export async function moveSubAccount(
  tx: Database,
  row: { id: number; state: SubAccountState },
  event: SubAccountEvent,
  actor: SubAccountActor,
  now: Date,
  set: Partial<typeof subAccounts.$inferInsert> = {},
  reason: string | null = null,
): Promise<boolean> {
  const to = subAccountNext(row.state, event, actor);
  if (to === null)
    throw new Error(`sub-account ${row.id}: ${row.state} --${event}/${actor}--> is not a legal move`);
  const moved = await tx
    .update(subAccounts)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(subAccounts.id, row.id), eq(subAccounts.state, row.state)))
    .returning({ id: subAccounts.id });
  if (moved.length === 0) return false;
  await tx
    .insert(subAccountEvents)
    .values({ subAccountId: row.id, fromState: row.state, toState: to, event, actor, reason, at: now });
  return true;
}

/**
 * Asks the bank to open the sub-account: accepted → stays OPENING until the signed callback; refused → FAILED
 * with the bank's reason.
 */
export const bankOpenSubAccount: PartnerOperation<OpenPayload> = {
  operation: OPEN_OPERATION,
  async call(ctx, { partner, payload, key }) {
    if (!isBankCode(partner)) throw new Error(`not a partner bank: ${partner}`);
    const answer = await ctx.banks[partner].openSubAccount(payload.request, ctx.now(), key);
    return { accepted: answer.accepted, reason: answer.reason, result: {} };
  },
  async apply(tx, _ctx, payload, answer, now) {
    if (answer.accepted) return null;
    const reason = answer.reason ?? '合作机构不予开立';
    const moved = await moveSubAccount(
      tx,
      { id: payload.subAccountId, state: 'OPENING' },
      'REFUSE',
      'BANK',
      now,
      { failReason: reason },
      reason,
    );
    return moved ? null : '子账户已不在开立中';
  },
};

/**
 * The one change a lock allows: no loan outstanding, and every approved or signed application is at the bank
 * asked for, whose flow needs the account there (the current account is elsewhere). Otherwise the borrower could
 * never sign (CGB) or be paid (CRBANK) after an account opened for another bank.
 */
async function lockedOnlyForThisBank(ctx: AppContext, userId: number, bank: BankCode, openAt: string) {
  if (openAt === bank) return false;
  const [loan] = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), ne(loans.status, 'SETTLED')))
    .limit(1);
  if (loan) return false;
  const approved = await ctx.db
    .select({ bank: applications.bank })
    .from(applications)
    .where(and(eq(applications.userId, userId), inArray(applications.state, [...APPROVED_STATES])));
  return approved.every((a) => a.bank === bank);
}

/**
 * POST /lock/openSubAccount: 3401 without a company certification; 2101 at a bank the borrower neither applies
 * to nor borrows from; 2102 while an opening is under way; 2103 while an OPEN account is locked (the reasons in
 * rspDesc), unless the lock is only approved applications at the bank asked for. Otherwise a new OPENING row (one at a time: a unique index) and one claimed call to the bank.
 */
export async function requestSubAccount(
  ctx: AppContext,
  user: UserRow,
  body: OpenSubAccountRequest,
  meta: RequestMeta,
): Promise<void> {
  const bank: BankCode = body.bankCode;
  const cert = await certificationSummary(ctx.db, user.id);
  if (!cert?.company)
    throw new ApiError(RSP.CERTIFICATION_REQUIRED, '请先完成企业认证（企业名称和统一社会信用代码）');
  const eligible = await eligibleBanks(ctx.db, user.id);
  if (!eligible.some((b) => b.bankCode === bank)) {
    throw new ApiError(
      RSP.RECEIVING_BANK_NOT_ALLOWED,
      `${rspText(RSP.RECEIVING_BANK_NOT_ALLOWED)}（${PARTNER_BANKS[bank].name}）`,
    );
  }
  const rows = await subAccountsOf(ctx.db, user.id);
  if (rows.some((r) => r.state === 'OPENING')) throw new ApiError(RSP.SUB_ACCOUNT_OPENING);
  const open = rows.find((r) => r.state === 'OPEN');
  if (open) {
    const lock = await lockOf(ctx.db, user.id);
    if (lock.locked && !(await lockedOnlyForThisBank(ctx, user.id, bank, open.bank))) {
      throw new ApiError(
        RSP.RECEIVING_ACCOUNT_LOCKED,
        `收款账户已锁定，暂不能变更：${lock.reasons.join('；')}。${lock.untilText}`,
      );
    }
  }
  const now = ctx.now();
  const request: SubAccountRequest = {
    userId: user.id,
    bank,
    companyName: cert.companyName,
    uscc: cert.uscc,
  };
  let created: { id: number } | undefined;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subAccounts)
        .values({
          userId: user.id,
          bank,
          state: REQUESTED,
          companyName: cert.companyName,
          uscc: cert.uscc,
          requestRef: `pending-${now.getTime()}-${user.id}`,
          requestedAt: now,
          updatedAt: now,
        })
        .returning({ id: subAccounts.id });
      if (!row) throw new Error('sub-account not inserted');
      // the bank answers with the opening claim's idempotency key: the first claim of this new subject
      const requestRef = idempotencyKeyOf(
        { operation: OPEN_OPERATION, subject: subAccountSubject(row.id) },
        1,
      );
      await tx.update(subAccounts).set({ requestRef }).where(eq(subAccounts.id, row.id));
      await tx.insert(subAccountEvents).values({
        subAccountId: row.id,
        fromState: null,
        toState: REQUESTED,
        event: 'REQUEST',
        actor: 'BORROWER',
        reason: null,
        at: now,
      });
      await recordUserAudit(tx, user, meta, AUDIT.subAccountRequested, now, { subAccountId: row.id, bank });
      return row;
    });
  } catch (error) {
    // a concurrent request of the same borrower won the one OPENING place
    if (error instanceof Error && /sub_accounts_one_opening/.test(`${error.message}${String(error.cause)}`)) {
      throw new ApiError(RSP.SUB_ACCOUNT_OPENING);
    }
    throw error;
  }
  // no answer leaves the claim open for reconciliation (same key); the page shows 开立中
  await runPartnerCall(ctx, bankOpenSubAccount, {
    partner: bank,
    subject: subAccountSubject(created.id),
    payload: { subAccountId: created.id, request },
  });
}
