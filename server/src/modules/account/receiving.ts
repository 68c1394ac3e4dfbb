import { type AccountProfile, PAYOUT_POINTING_LABELS, SUB_ACCOUNT_STATE_LABELS } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { payoutView } from '../receiving-account/payouts.ts';
import { receivingSummary as receivingAccountSummary } from '../receiving-account/view.ts';

/**
 * The receiving account block of My account's profile, read through the receiving-account module's own readers
 * (one place for the rules): the current sub-account (masked) and where the payouts go.
 */
export async function receivingSummary(
  ctx: AppContext,
  userId: number,
): Promise<AccountProfile['receiving']> {
  const summary = await receivingAccountSummary(ctx.db, userId);
  const payout = (await payoutView(ctx.db, userId)).state;
  return {
    state: summary.state,
    label: summary.state === null ? '未开立' : SUB_ACCOUNT_STATE_LABELS[summary.state],
    bankName: summary.bankName,
    accountNoMasked: summary.accountNoMasked,
    payout,
    payoutLabel: PAYOUT_POINTING_LABELS[payout],
  };
}
