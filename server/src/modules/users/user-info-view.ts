import { isPaidMethod, type SubAccountState } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { coupons, receivingSettings, subAccounts, users } from '../../db/schema.ts';
import type { SessionView } from '../auth/sessions.ts';
import { bankName } from '../receiving-account/accounts.ts';
import type { ReceivingSummary } from '../receiving-account/view.ts';

/**
 * What getUserInfo reads besides the user, in the session's own statement (one round trip per call, the call
 * every signed-in page makes): the usable coupons' count (availableCouponCount) and the receiving account in one
 * line (receivingSummary: the current sub-account as currentOf picks it — the newest OPEN or OPENING one, else
 * the newest if it FAILED — and the repayment method). user-info-view.test.ts holds both readings equal.
 */
export const USER_INFO_VIEW: SessionView = {
  name: 'session_lookup_user_info',
  columns: {
    couponsCount: sql<number>`(select count(*)::int from ${coupons}
      where ${coupons.userId} = ${users.id} and ${coupons.state} = 'AVAILABLE'
        and ${coupons.validUntil} > ${sql.placeholder('now')})`,
    subAccount: sql<SubAccountLine | null>`(select json_build_object(
        'state', ${subAccounts.state}, 'bank', ${subAccounts.bank}, 'accountNoMasked', ${subAccounts.accountNoMasked})
      from ${subAccounts} where ${subAccounts.userId} = ${users.id}
      order by (${subAccounts.state} in ('OPEN', 'OPENING')) desc, ${subAccounts.id} desc limit 1)`,
    paidMethod: sql<string | null>`(select ${receivingSettings.paidMethod} from ${receivingSettings}
      where ${receivingSettings.userId} = ${users.id})`,
  },
  // the coupons' count changes by time alone when the first of them ends
  changesAt: sql<number | null>`(select (extract(epoch from min(${coupons.validUntil})) * 1000)::float8
    from ${coupons} where ${coupons.userId} = ${users.id} and ${coupons.state} = 'AVAILABLE'
      and ${coupons.validUntil} > ${sql.placeholder('now')})`,
};

interface SubAccountLine {
  state: SubAccountState;
  bank: string;
  accountNoMasked: string | null;
}

/** The view's columns as getUserInfo answers them. */
export function userInfoExtras(extras: Record<string, unknown>): {
  couponsCount: number;
  receiving: ReceivingSummary;
} {
  const line = extras.subAccount as SubAccountLine | null;
  const current = line && ['OPEN', 'OPENING', 'FAILED'].includes(line.state) ? line : null;
  const paidMethod = extras.paidMethod;
  return {
    couponsCount: Number(extras.couponsCount ?? 0),
    receiving: {
      state: current?.state ?? null,
      bankName: current ? bankName(current.bank) : null,
      accountNoMasked: current?.accountNoMasked ?? null,
      paidMethod: isPaidMethod(paidMethod) ? paidMethod : null,
    },
  };
}
