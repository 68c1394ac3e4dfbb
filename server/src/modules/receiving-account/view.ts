import {
  maskIdNumber,
  type PaidMethod,
  type PaidMethodRequest,
  type ReceivingAccountView,
  type SubAccountState,
} from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import { receivingSettings, type UserRow } from '../../db/schema.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { certificationSummary } from '../certification/service.ts';
import {
  bankName,
  currentOf,
  eligibleBanks,
  lockOf,
  paidMethodOf,
  subAccountsOf,
  subAccountView,
} from './accounts.ts';
import { payoutView } from './payouts.ts';
import { latestCheck, settlementView } from './settlement.ts';

/** GET /lock/account: everything the page shows; the full sub-account number for its owner here only. */
export async function receivingAccount(ctx: AppContext, user: UserRow): Promise<ReceivingAccountView> {
  const now = ctx.now();
  const cert = await certificationSummary(ctx.db, user.id);
  const rows = await subAccountsOf(ctx.db, user.id);
  const current = currentOf(rows);
  const check = await latestCheck(ctx.db, user.id);
  const full =
    current?.state === 'OPEN' && current.accountNoEnc
      ? openOrNull(ctx, 'subAccountNo', current.id, current.accountNoEnc)
      : null;
  return {
    companyName: cert?.companyName || null,
    usccMasked: cert?.uscc ? maskIdNumber(cert.uscc) : null,
    eligibleBanks: await eligibleBanks(ctx.db, user.id),
    current: current ? subAccountView(current, full) : null,
    history: rows.filter((r) => r.id !== current?.id).map((r) => subAccountView(r)),
    settlement: check ? settlementView(check, now) : null,
    payout: await payoutView(ctx.db, user.id),
    paidMethod: await paidMethodOf(ctx.db, user.id),
    lock: await lockOf(ctx.db, user.id),
    sandbox: ctx.marketplace.sandbox,
  };
}

/** POST /lock/paidMethod: the repayment method (audited). */
export async function choosePaidMethod(
  ctx: AppContext,
  user: UserRow,
  body: PaidMethodRequest,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(receivingSettings)
      .values({ userId: user.id, paidMethod: body.paidMethod, updatedAt: now })
      .onConflictDoUpdate({
        target: receivingSettings.userId,
        set: { paidMethod: body.paidMethod, updatedAt: now },
      });
    await recordUserAudit(tx, user, meta, AUDIT.paidMethodChanged, now, { paidMethod: body.paidMethod });
  });
}

/** The receiving account in one line, for getUserInfo and My account: masked everywhere. */
export interface ReceivingSummary {
  state: SubAccountState | null;
  bankName: string | null;
  accountNoMasked: string | null;
  paidMethod: PaidMethod | null;
}

export async function receivingSummary(db: AppContext['db'], userId: number): Promise<ReceivingSummary> {
  const current = currentOf(await subAccountsOf(db, userId));
  return {
    state: current?.state ?? null,
    bankName: current ? bankName(current.bank) : null,
    accountNoMasked: current?.accountNoMasked ?? null,
    paidMethod: await paidMethodOf(db, userId),
  };
}
