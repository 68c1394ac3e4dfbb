import {
  type AccountProfile,
  PAYOUT_POINTING_LABELS,
  type PayoutPointing,
  SUB_ACCOUNT_STATE_LABELS,
  type SubAccountState,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { payoutView } from '../receiving-account/payouts.ts';
import { receivingSummary as receivingAccountSummary } from '../receiving-account/view.ts';

/** What My account needs of the receiving account: the current sub-account (masked) and where payouts go. */
export interface ReceivingState {
  state: SubAccountState | null;
  bankName: string | null;
  accountNoMasked: string | null;
  payout: PayoutPointing;
}

/** The label of the profile's receiving account when none was ever asked for. */
export const NO_SUB_ACCOUNT_LABEL = '未开立';

export function receivingProfile(r: ReceivingState): AccountProfile['receiving'] {
  return {
    state: r.state,
    label: r.state === null ? NO_SUB_ACCOUNT_LABEL : SUB_ACCOUNT_STATE_LABELS[r.state],
    bankName: r.bankName,
    accountNoMasked: r.accountNoMasked,
    payout: r.payout,
    payoutLabel: PAYOUT_POINTING_LABELS[r.payout],
  };
}

/** Reads the receiving account through the receiving-account module's own readers (one place for the rules). */
async function readReceivingState(ctx: AppContext, userId: number): Promise<ReceivingState> {
  const summary = await receivingAccountSummary(ctx.db, userId);
  const payout = await payoutView(ctx.db, userId);
  return {
    state: summary.state,
    bankName: summary.bankName,
    accountNoMasked: summary.accountNoMasked,
    payout: payout.state,
  };
}

/** The receiving account block of My account's profile. */
export async function receivingSummary(
  ctx: AppContext,
  userId: number,
): Promise<AccountProfile['receiving']> {
  return receivingProfile(await readReceivingState(ctx, userId));
}
