import {
  type AccountProfile,
  PAYOUT_POINTING_LABELS,
  type PayoutPointing,
  SUB_ACCOUNT_STATE_LABELS,
  type SubAccountState,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';

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

/**
 * Reads the receiving account from the receiving-account module. TEMPORARY: until that module exports its reader
 * this answers "none asked for, not pointed"; see /tmp/plan-12-changes.md.
 */
async function readReceivingState(_ctx: AppContext, _userId: number): Promise<ReceivingState> {
  return { state: null, bankName: null, accountNoMasked: null, payout: 'NOT_POINTED' };
}

/** The receiving account block of My account's profile. */
export async function receivingSummary(
  ctx: AppContext,
  userId: number,
): Promise<AccountProfile['receiving']> {
  return receivingProfile(await readReceivingState(ctx, userId));
}
