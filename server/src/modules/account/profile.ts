import {
  type AccountOverview,
  type AccountProfile,
  maskEmail,
  maskPhone,
  STORE_AUTH_STATUS_INFO,
  shanghaiDate,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sellerStores, type UserRow } from '../../db/schema.ts';
import { certificationSummary } from '../certification/service.ts';
import { contactsOf } from '../contacts/contacts.ts';
import { availableCouponCount } from '../coupons/service.ts';
import { storeForApplication } from '../stores/service.ts';
import { owedOverview } from './owed.ts';
import { receivingSummary } from './receiving.ts';

/** 未认证 (nothing on file) | 已认证 (company and legal person complete) | 部分认证 (anything in between). */
export function certificationLabel(summary: { company: boolean; legalPerson: boolean } | null): string {
  if (!summary) return '未认证';
  return summary.company && summary.legalPerson ? '已认证' : '部分认证';
}

/** The profile block of My account: who, masked contacts, company, store and receiving account. */
async function accountProfile(ctx: AppContext, user: UserRow): Promise<AccountProfile> {
  const certification = await certificationSummary(ctx.db, user.id);
  // the store's status as the application sees it (the marketplace asked when the last answer is stale)
  const store = await storeForApplication(ctx, user.id);
  const [expiry] = await ctx.db
    .select({ expiresAt: sellerStores.expiresAt })
    .from(sellerStores)
    .where(eq(sellerStores.userId, user.id))
    .limit(1);
  const contacts = contactsOf(ctx, user);
  return {
    loginId: user.loginId,
    userNameCn: user.userNameCn,
    phoneMasked: contacts.phone ? maskPhone(contacts.phone) : null,
    emailMasked: contacts.email ? maskEmail(contacts.email) : null,
    companyName: certification?.companyName || null,
    certificationLabel: certificationLabel(certification),
    storeStatus: store.status,
    storeStatusLabel: STORE_AUTH_STATUS_INFO[store.status].label,
    storeExpiresAt: expiry?.expiresAt?.toISOString() ?? null,
    receiving: await receivingSummary(ctx, user.id),
  };
}

/** GET /account/overview: what the borrower owes, their profile and their usable coupons' count. */
export async function accountOverview(ctx: AppContext, user: UserRow): Promise<AccountOverview> {
  const now = ctx.now();
  return {
    owed: await owedOverview(ctx.db, user.id, shanghaiDate(now)),
    profile: await accountProfile(ctx, user),
    couponsCount: await availableCouponCount(ctx.db, user.id, now),
  };
}
