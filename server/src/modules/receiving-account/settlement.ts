import { randomInt } from 'node:crypto';
import {
  formatYuan,
  isBankCode,
  PARTNER_BANKS,
  RSP,
  rspText,
  SETTLEMENT_CHECK_RULES,
  type SettlementAccountRequest,
  type SettlementAccountView,
  type SettlementCheckState,
  shanghaiDate,
  shanghaiInstant,
  type VerifySettlementRequest,
  yuanToFen,
} from '@loan/domain';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  type SettlementCheckRow,
  settlementChecks,
  settlementEntries,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { nextRowId } from '../../lib/next-row-id.ts';
import { open, seal } from '../../lib/sealed-columns.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { certificationSummary } from '../certification/service.ts';
import { contactsOf } from '../contacts/contacts.ts';
import { type PartnerOperation, runPartnerCall } from '../partner-calls/run.ts';
import { maskAccountNo, openSubAccount } from './accounts.ts';

const DAY_MS = 24 * 3600_000;

/** The start of the Shanghai day of `now` (the daily caps count from it). */
const dayStart = (now: Date) => shanghaiInstant(shanghaiDate(now));

function checkState(row: SettlementCheckRow, now: Date): SettlementCheckState {
  if (row.state === 'PENDING' && now.getTime() >= row.expiresAt.getTime()) return 'EXPIRED';
  return row.state;
}

export function settlementView(row: SettlementCheckRow, now: Date): SettlementAccountView {
  const state = checkState(row, now);
  return {
    state,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNoMasked: row.accountNoMasked,
    triesLeft:
      state === 'PENDING' ? Math.max(SETTLEMENT_CHECK_RULES.maxWrongEntries - row.wrongEntries, 0) : 0,
    expiresAt: state === 'PENDING' ? row.expiresAt.toISOString() : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

export async function latestCheck(db: Database, userId: number): Promise<SettlementCheckRow | null> {
  const [row] = await db
    .select()
    .from(settlementChecks)
    .where(eq(settlementChecks.userId, userId))
    .orderBy(desc(settlementChecks.id))
    .limit(1);
  return row ?? null;
}

export interface DepositPayload extends Record<string, unknown> {
  checkId: number;
  bankName: string;
  accountName: string;
  amountFen: number;
}

/** The bank sends the small deposit; refused → the check FAILED with the bank's reason. */
export const bankSmallDeposit: PartnerOperation<DepositPayload> = {
  operation: 'BANK_SMALL_DEPOSIT',
  async call(ctx, { partner, payload, key }) {
    if (!isBankCode(partner)) throw new Error(`not a partner bank: ${partner}`);
    const [row] = await ctx.db
      .select()
      .from(settlementChecks)
      .where(eq(settlementChecks.id, payload.checkId));
    if (!row) throw new Error(`settlement check ${payload.checkId} missing`);
    if (!ctx.config) throw new Error('the small deposit needs the configuration (the PII key)');
    const accountNo = open(ctx.config, 'settlementAccountNo', row.id, row.accountNoEnc);
    const answer = await ctx.banks[partner].sendSmallDeposit(
      {
        bank: partner,
        bankName: payload.bankName,
        accountName: payload.accountName,
        accountNo,
        amountFen: payload.amountFen,
      },
      ctx.now(),
      key,
    );
    return { accepted: answer.ok, reason: answer.reason, result: {} };
  },
  async apply(tx, _ctx, payload, answer, now) {
    if (answer.accepted) return null;
    await tx
      .update(settlementChecks)
      .set({ state: 'FAILED', failReason: answer.reason ?? '合作机构未能打款', updatedAt: now })
      .where(and(eq(settlementChecks.id, payload.checkId), eq(settlementChecks.state, 'PENDING')));
    return null;
  },
};

/**
 * POST /lock/settlementAccount: 2111 without an OPEN sub-account (its bank sends the deposit); 2110 a number
 * that is not 8–30 digits; 2109 past the daily cap of new deposits. A new PENDING check with a random
 * 0.01–0.99 元 deposit, sent by one claimed call; the sandbox bank's deposit is told to the borrower through
 * the outbox (【沙箱】…), as the bank statement would.
 */
export async function submitSettlementAccount(
  ctx: AppContext,
  user: UserRow,
  body: SettlementAccountRequest,
  meta: RequestMeta,
): Promise<void> {
  const accountNo = body.accountNo.trim();
  if (!/^\d{8,30}$/.test(accountNo)) throw new ApiError(RSP.INVALID_CORPORATE_ACCOUNT);
  const bankName = body.bankName.trim();
  if (bankName.length < 2) throw new ApiError(RSP.INVALID_INPUT, '请填写开户银行名称');
  const sub = await openSubAccount(ctx.db, user.id);
  if (!sub || !isBankCode(sub.bank)) throw new ApiError(RSP.SUB_ACCOUNT_NOT_OPEN);
  const sender = sub.bank;
  const now = ctx.now();
  const [today] = await ctx.db
    .select({ n: count() })
    .from(settlementChecks)
    .where(and(eq(settlementChecks.userId, user.id), gte(settlementChecks.createdAt, dayStart(now))));
  if ((today?.n ?? 0) >= SETTLEMENT_CHECK_RULES.dailyDeposits) {
    throw new ApiError(
      RSP.SETTLEMENT_DAILY_LIMIT,
      `今日已提交 ${SETTLEMENT_CHECK_RULES.dailyDeposits} 次小额打款，请明天再试`,
    );
  }
  const cert = await certificationSummary(ctx.db, user.id);
  const accountName = cert?.companyName || user.userNameCn;
  const amountFen = randomInt(SETTLEMENT_CHECK_RULES.minDepositFen, SETTLEMENT_CHECK_RULES.maxDepositFen + 1);
  const check = await ctx.db.transaction(async (tx) => {
    // a new account replaces any check still pending
    await tx
      .update(settlementChecks)
      .set({ state: 'FAILED', failReason: '已提交新的结算账户', updatedAt: now })
      .where(and(eq(settlementChecks.userId, user.id), eq(settlementChecks.state, 'PENDING')));
    const id = await nextRowId(tx, 'settlement_checks');
    const [row] = await tx
      .insert(settlementChecks)
      .values({
        id,
        userId: user.id,
        senderBank: sender,
        bankName,
        accountName,
        accountNoEnc: seal(ctx.config, 'settlementAccountNo', id, accountNo),
        accountNoMasked: maskAccountNo(accountNo),
        depositFen: amountFen,
        state: 'PENDING',
        expiresAt: new Date(now.getTime() + SETTLEMENT_CHECK_RULES.lifeDays * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('settlement check not inserted');
    await recordUserAudit(tx, user, meta, AUDIT.settlementSubmitted, now, {
      checkId: row.id,
      bankName,
      accountNoMasked: row.accountNoMasked,
    });
    return row;
  });
  const outcome = await runPartnerCall(ctx, bankSmallDeposit, {
    partner: sender,
    subject: `settlement-check-${check.id}`,
    payload: { checkId: check.id, bankName, accountName, amountFen },
  });
  if (outcome.status === 'ANSWERED' && outcome.answer.accepted && ctx.banks[sender].sandbox) {
    const text =
      `【沙箱】${PARTNER_BANKS[sender].name}向您的对公账户（尾号 ${accountNo.slice(-4)}）入账 ${formatYuan(amountFen)} 元，` +
      '请在收款账户页面输入该金额完成结算账户验证，7 天内有效。';
    const { phone, email } = contactsOf(ctx, user);
    // the amount stays valid as long as the check: the message is kept as long
    const message = {
      subject: '小额打款验证',
      body: text,
      validForMs: check.expiresAt.getTime() - now.getTime(),
    };
    if (phone) await ctx.outbox.send({ ...message, channel: 'sms', recipient: phone });
    else if (email) await ctx.outbox.send({ ...message, channel: 'email', recipient: email });
  }
}

/**
 * POST /lock/verifySettlement: the amount entered against the pending check. 2105 none pending (or verified
 * already); 2107 failed; 2108 expired; 2109 past the daily cap of entries; 1001 not an amount. Every entry is
 * recorded; right → VERIFIED; wrong → 2106 with the tries left, the third wrong one FAILED (2107).
 */
export async function verifySettlement(
  ctx: AppContext,
  user: UserRow,
  body: VerifySettlementRequest,
  meta: RequestMeta,
): Promise<void> {
  const text = body.amount.trim();
  let amountFen: number;
  try {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) throw new Error('not an amount');
    amountFen = yuanToFen(text);
  } catch {
    throw new ApiError(RSP.INVALID_INPUT, '请输入入账金额（元），如 0.37');
  }
  const now = ctx.now();
  const check = await latestCheck(ctx.db, user.id);
  if (!check || check.state === 'VERIFIED') throw new ApiError(RSP.SETTLEMENT_CHECK_NOT_FOUND);
  const state = checkState(check, now);
  if (state === 'FAILED') throw new ApiError(RSP.SETTLEMENT_CHECK_FAILED);
  if (state === 'EXPIRED') throw new ApiError(RSP.SETTLEMENT_CHECK_EXPIRED);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [entries] = await tx
      .select({ n: count() })
      .from(settlementEntries)
      .where(and(eq(settlementEntries.userId, user.id), gte(settlementEntries.at, dayStart(now))));
    if ((entries?.n ?? 0) >= SETTLEMENT_CHECK_RULES.dailyEntries) return 'CAPPED' as const;
    const correct = amountFen === check.depositFen;
    const wrong = check.wrongEntries + (correct ? 0 : 1);
    const next = correct
      ? 'VERIFIED'
      : wrong >= SETTLEMENT_CHECK_RULES.maxWrongEntries
        ? 'FAILED'
        : 'PENDING';
    const moved = await tx
      .update(settlementChecks)
      .set({
        state: next,
        wrongEntries: wrong,
        verifiedAt: correct ? now : null,
        failReason: next === 'FAILED' ? rspText(RSP.SETTLEMENT_CHECK_FAILED) : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(settlementChecks.id, check.id),
          eq(settlementChecks.state, 'PENDING'),
          eq(settlementChecks.wrongEntries, check.wrongEntries),
        ),
      )
      .returning({ id: settlementChecks.id });
    if (moved.length === 0) return 'MOVED' as const;
    await tx
      .insert(settlementEntries)
      .values({ checkId: check.id, userId: user.id, amountFen, correct: correct ? 1 : 0, at: now });
    await recordUserAudit(tx, user, meta, AUDIT.settlementEntered, now, {
      checkId: check.id,
      correct,
      wrongEntries: wrong,
    });
    return { next, left: SETTLEMENT_CHECK_RULES.maxWrongEntries - wrong };
  });
  if (outcome === 'CAPPED') throw new ApiError(RSP.SETTLEMENT_DAILY_LIMIT);
  if (outcome === 'MOVED') throw new ApiError(RSP.SETTLEMENT_AMOUNT_WRONG, '验证状态已变化，请刷新后重试');
  if (outcome.next === 'FAILED') throw new ApiError(RSP.SETTLEMENT_CHECK_FAILED);
  if (outcome.next === 'PENDING') {
    throw new ApiError(
      RSP.SETTLEMENT_AMOUNT_WRONG,
      `${rspText(RSP.SETTLEMENT_AMOUNT_WRONG)}（还可输入 ${outcome.left} 次）`,
    );
  }
}
