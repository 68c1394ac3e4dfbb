import type { PayoutPointing, PayoutView } from '@loan/domain';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { receivingSettings, sellerStores, subAccounts, users } from '../../db/schema.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { notify } from '../notices/notify.ts';
import { lockOf, maskAccountNo, openSubAccount } from './accounts.ts';

export type PayoutContext = Pick<AppContext, 'db' | 'now' | 'config' | 'log' | 'marketplace'>;

const NOTES: Record<PayoutPointing, string | null> = {
  POINTED: null,
  NOT_POINTED:
    '请登录卖家后台（Seller Central），在“设置 → 账户信息 → 存款方式”中将回款账户改为收款子账户，完成后点击“重新核实”',
  CHECKING: '电商平台正在核实您修改的回款账户（通常 1-3 个工作日），核实完成后点击“重新核实”',
  DIVERTED:
    '店铺回款未指向收款子账户，而您有未结清的贷款或已审批的申请：请立即在卖家后台改回收款子账户，否则到期应还款项可能无法扣收并计入逾期',
};

/** What is stored about the payouts, as the page shows it. */
export async function payoutView(db: Database, userId: number): Promise<PayoutView> {
  const [row] = await db.select().from(receivingSettings).where(eq(receivingSettings.userId, userId));
  const state = (row?.payoutState ?? 'NOT_POINTED') as PayoutPointing;
  return {
    state,
    checkedAt: row?.payoutCheckedAt?.toISOString() ?? null,
    destinationMasked: row?.payoutDestinationMasked ?? null,
    note: NOTES[state],
  };
}

async function saveSettings(
  db: Database,
  userId: number,
  set: Partial<typeof receivingSettings.$inferInsert>,
  now: Date,
) {
  await db
    .insert(receivingSettings)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: receivingSettings.userId, set: { ...set, updatedAt: now } });
}

/**
 * Asks the marketplace where the store's payouts go and records it: POINTED to the OPEN sub-account; CHECKING
 * while the marketplace verifies a change; NOT_POINTED otherwise, DIVERTED when that happens while the account
 * is locked. A new diversion tells the borrower by one notice (once per diversion: cleared when the payouts are
 * pointed again). The marketplace not answering keeps what was stored, with a note.
 */
export async function checkPayout(ctx: PayoutContext, userId: number): Promise<PayoutView> {
  const now = ctx.now();
  const sub = await openSubAccount(ctx.db, userId);
  const [store] = await ctx.db.select().from(sellerStores).where(eq(sellerStores.userId, userId)).limit(1);
  if (!sub?.accountNoEnc) {
    await saveSettings(
      ctx.db,
      userId,
      { payoutState: 'NOT_POINTED', payoutCheckedAt: now, divertedNotifiedAt: null },
      now,
    );
    return { ...(await payoutView(ctx.db, userId)), note: '请先开立收款子账户，再将店铺回款指向该账户' };
  }
  if (!store?.tokenEnc) {
    return {
      ...(await payoutView(ctx.db, userId)),
      note: '店铺尚未授权，无法向电商平台核实回款去向，请先授权店铺',
    };
  }
  const own = openOrNull(ctx, 'subAccountNo', sub.id, sub.accountNoEnc);
  const token = openOrNull(ctx, 'storeToken', userId, store.tokenEnc);
  if (own === null || token === null) {
    return {
      ...(await payoutView(ctx.db, userId)),
      note: '账户信息无法读取，暂不能核实回款去向，请联系客服',
    };
  }
  let destination: { accountNo: string | null; pendingVerification: boolean };
  try {
    destination = await ctx.marketplace.payoutDestination(store.sellerId, token, now);
  } catch (error) {
    ctx.log.warn(
      { userId, reason: error instanceof Error ? error.message : 'unknown' },
      'marketplace payout check failed; keeping the stored state',
    );
    return { ...(await payoutView(ctx.db, userId)), note: '电商平台暂未响应，请稍后点击“重新核实”' };
  }
  let state: PayoutPointing;
  if (destination.pendingVerification) state = 'CHECKING';
  else if (destination.accountNo === own) state = 'POINTED';
  else state = (await lockOf(ctx.db, userId)).locked ? 'DIVERTED' : 'NOT_POINTED';
  const destinationMasked = destination.accountNo ? maskAccountNo(destination.accountNo) : null;
  await saveSettings(
    ctx.db,
    userId,
    {
      payoutState: state,
      payoutCheckedAt: now,
      payoutDestinationMasked: destinationMasked,
      ...(state === 'DIVERTED' ? {} : { divertedNotifiedAt: null }),
    },
    now,
  );
  if (state === 'DIVERTED') await noticeDiversion(ctx, userId, sub.accountNoMasked ?? '', destinationMasked);
  return payoutView(ctx.db, userId);
}

/**
 * A new diversion, told once (claimed by divertedNotifiedAt, cleared when the payouts are pointed again): in one
 * transaction the claim, the audit line and the borrower's RECEIVING_ACCOUNT notice
 * (`receiving:<user>:DIVERTED:<ms of the claim>`), sent by SMS and e-mail through the notices' delivery.
 */
async function noticeDiversion(
  ctx: PayoutContext,
  userId: number,
  ownMasked: string,
  toMasked: string | null,
) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(receivingSettings)
      .set({ divertedNotifiedAt: now })
      .where(and(eq(receivingSettings.userId, userId), isNull(receivingSettings.divertedNotifiedAt)))
      .returning({ userId: receivingSettings.userId });
    if (claimed.length === 0) return;
    const [user] = await tx.select({ loginId: users.loginId }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await recordAudit(tx, {
      action: AUDIT.payoutDiverted,
      at: now,
      userId,
      loginId: user.loginId,
      detail: { destinationMasked: toMasked },
    });
    const problem =
      `您的店铺回款已不再指向收款子账户（${ownMasked}）${toMasked ? `，当前去向 ${toMasked}` : ''}。` +
      '您有未结清的贷款，请立即登录卖家后台改回，并在“收款账户”页面点击“重新核实”。';
    await notify(tx, {
      userId,
      key: `receiving:${userId}:DIVERTED:${now.getTime()}`,
      now,
      event: { kind: 'RECEIVING_ACCOUNT', facts: { problem } },
    });
  });
}

/** How often each locked account's payouts are checked by the background job. */
const PAYOUT_CHECK_EVERY_MS = 24 * 3600_000;

/**
 * The daily check: every locked account with an OPEN sub-account not checked in the last PAYOUT_CHECK_EVERY_MS
 * is checked; returns how many and how many are diverted.
 */
export async function checkLockedPayouts(
  ctx: PayoutContext,
  budget?: AbortSignal,
): Promise<{ checked: number; diverted: number }> {
  const since = new Date(ctx.now().getTime() - PAYOUT_CHECK_EVERY_MS);
  const open = await ctx.db
    .select({ userId: subAccounts.userId })
    .from(subAccounts)
    .leftJoin(receivingSettings, eq(receivingSettings.userId, subAccounts.userId))
    .where(
      and(
        eq(subAccounts.state, 'OPEN'),
        or(isNull(receivingSettings.payoutCheckedAt), lte(receivingSettings.payoutCheckedAt, since)),
      ),
    );
  let checked = 0;
  let diverted = 0;
  for (const { userId } of open) {
    if (budget?.aborted) break;
    if (!(await lockOf(ctx.db, userId)).locked) continue;
    const view = await checkPayout(ctx, userId);
    checked += 1;
    if (view.state === 'DIVERTED') diverted += 1;
  }
  return { checked, diverted };
}
