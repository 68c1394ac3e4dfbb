import {
  type AgainMwsTokenRequest,
  estimatedCreditLimitFen,
  fenToYuan,
  type MwsTokenCheckResult,
  mwsAuthTokenProblem,
  normaliseSellerId,
  RSP,
  type StoreAuthStatus,
  sellerIdProblem,
  storeAuthStatusOf,
} from '@loan/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { MarketplaceCheckResult } from '../../adapters/marketplace/marketplace.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sellerStores } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { open, seal } from '../../lib/sealed-columns.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';

type StoreRow = typeof sellerStores.$inferSelect;

/** storeForApplication trusts a marketplace answer this young instead of asking again. */
const STORE_CHECK_FRESH_MS = 10 * 60 * 1000;

async function storeOf(db: Database, userId: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(sellerStores).where(eq(sellerStores.userId, userId)).limit(1);
  return row;
}

/** What the status is when the marketplace cannot be asked: the stored one, or 02 if authorising never finished. */
function statusWithoutMarketplace(row: StoreRow): StoreAuthStatus {
  return row.authorisedAt ? storeAuthStatusOf(row.status) : '02';
}

function statusOfCheck(result: MarketplaceCheckResult): StoreAuthStatus {
  if (result.ok) return '03';
  return result.reason === 'SUSPENDED' ? '05' : '04';
}

/**
 * The store's effective status: expired after its 365 days (04), else what the marketplace says now with the
 * stored token (03/04/05; the row is updated). When the marketplace does not answer the stored status is kept
 * (logged, never an error). `freshMs`: skip the marketplace when the last answer is younger than this.
 */
async function refreshStore(ctx: AppContext, row: StoreRow, freshMs: number): Promise<StoreRow> {
  const now = ctx.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    if (row.status === '04') return row;
    const [updated] = await ctx.db
      .update(sellerStores)
      .set({ status: '04', checkedAt: now, updatedAt: now })
      .where(eq(sellerStores.id, row.id))
      .returning();
    return updated ?? { ...row, status: '04' };
  }
  if (row.checkedAt && now.getTime() - row.checkedAt.getTime() < freshMs) return row;
  if (!row.tokenEnc) return { ...row, status: statusWithoutMarketplace(row) };

  let result: MarketplaceCheckResult;
  try {
    const token = open(ctx.config, 'storeToken', row.userId, row.tokenEnc);
    result = await ctx.marketplace.check(row.sellerId, token, now);
  } catch (error) {
    // never the token: only which store and why
    ctx.log.warn(
      {
        userId: row.userId,
        sellerId: row.sellerId,
        reason: error instanceof Error ? error.message : 'unknown',
      },
      'marketplace store check failed; keeping the stored status',
    );
    return { ...row, status: statusWithoutMarketplace(row) };
  }
  const status = statusOfCheck(result);
  const fresh = result.ok
    ? {
        sellerName: result.store.sellerName,
        marketplaceIds: result.store.marketplaceIds,
        annualSalesFen: result.store.annualSalesFen,
      }
    : {};
  const [updated] = await ctx.db
    .update(sellerStores)
    .set({ status, checkedAt: now, updatedAt: now, ...fresh })
    .where(eq(sellerStores.id, row.id))
    .returning();
  return updated ?? { ...row, status };
}

function view(row: StoreRow | undefined): MwsTokenCheckResult {
  if (!row) {
    return {
      storeInfo: null,
      shopAuth: '01',
      marketplaceIds: [],
      authorisedAt: null,
      expiresAt: null,
      checkedAt: null,
      annualSales: null,
      estimatedLimit: null,
    };
  }
  const shopAuth = storeAuthStatusOf(row.status);
  // the sales and the limit only of a store that may apply: an expired or restricted store's figures are stale
  const authorised = shopAuth === '03';
  return {
    storeInfo: { sellerId: row.sellerId, sellerName: row.sellerName },
    shopAuth,
    marketplaceIds: row.marketplaceIds,
    authorisedAt: row.authorisedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    annualSales: authorised ? fenToYuan(row.annualSalesFen) : null,
    estimatedLimit: authorised ? fenToYuan(estimatedCreditLimitFen(row.annualSalesFen)) : null,
  };
}

/** GET /seller/mwsTokenCheck: the user's store and its status, checked with the marketplace now. */
export async function mwsTokenCheck(ctx: AppContext, userId: number): Promise<MwsTokenCheckResult> {
  const row = await storeOf(ctx.db, userId);
  if (!row) return view(undefined);
  return view(await refreshStore(ctx, row, 0));
}

/**
 * For the applications module: the store's effective status as mwsTokenCheck computes it, asking the
 * marketplace only when the last answer is older than STORE_CHECK_FRESH_MS. Only '03' may apply.
 */
export async function storeForApplication(
  ctx: AppContext,
  userId: number,
): Promise<{ status: StoreAuthStatus; sellerId: string | null; annualSalesFen: number }> {
  const row = await storeOf(ctx.db, userId);
  if (!row) return { status: '01', sellerId: null, annualSalesFen: 0 };
  const current = await refreshStore(ctx, row, STORE_CHECK_FRESH_MS);
  return {
    status: storeAuthStatusOf(current.status),
    sellerId: current.sellerId,
    annualSalesFen: current.annualSalesFen,
  };
}

/**
 * POST /seller/againMwsToken: (re-)authorises the user's one store with seller id and token. Shapes are checked
 * first (1001, nothing recorded); a marketplace refusal (3202/3203), no answer (3205) or a store already held by
 * another account (3204) records one audit line and nothing else. The token is stored sealed, never returned.
 */
export async function againMwsToken(
  ctx: AppContext,
  userId: number,
  loginId: string,
  body: AgainMwsTokenRequest,
  meta: RequestMeta,
): Promise<MwsTokenCheckResult> {
  const sellerId = normaliseSellerId(body.sellerId);
  const sellerProblem = sellerIdProblem(sellerId);
  if (sellerProblem) throw new ApiError(RSP.INVALID_INPUT, sellerProblem);
  const token = decryptFieldOrFail(body.mwsAuthToken, ctx.config).trim();
  const tokenProblem = mwsAuthTokenProblem(token);
  if (tokenProblem) throw new ApiError(RSP.INVALID_INPUT, tokenProblem);

  const now = ctx.now();
  const refuse = async (code: ApiError['rspCode'], reason: string): Promise<never> => {
    await recordAudit(ctx.db, {
      action: AUDIT.storeAuthoriseRefused,
      at: now,
      userId,
      loginId,
      meta,
      detail: { sellerId, reason, rspCode: code, userAgent: meta.userAgent },
    });
    throw new ApiError(code);
  };

  let result: Awaited<ReturnType<typeof ctx.marketplace.authorise>>;
  try {
    result = await ctx.marketplace.authorise(sellerId, token, now);
  } catch (error) {
    ctx.log.warn(
      { userId, sellerId, reason: error instanceof Error ? error.message : 'unknown' },
      'marketplace authorise failed',
    );
    return refuse(RSP.STORE_MARKETPLACE_UNAVAILABLE, 'MARKETPLACE_UNAVAILABLE');
  }
  if (!result.ok) {
    return result.reason === 'SUSPENDED'
      ? refuse(RSP.STORE_SUSPENDED, result.reason)
      : refuse(RSP.STORE_AUTH_FAILED, result.reason);
  }
  const { store, authorisedAt, expiresAt } = result;

  const saved = await ctx.db.transaction(async (tx) => {
    // one account per seller id: serialise authorisations of the same seller id (PGlite and PostgreSQL)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seller:${sellerId}`}))`);
    const [other] = await tx
      .select({ id: sellerStores.id })
      .from(sellerStores)
      .where(and(eq(sellerStores.sellerId, sellerId), ne(sellerStores.userId, userId)))
      .limit(1);
    if (other) return null;
    const values = {
      sellerId,
      sellerName: store.sellerName,
      marketplaceIds: store.marketplaceIds,
      tokenEnc: seal(ctx.config, 'storeToken', userId, token),
      status: '03' as const,
      annualSalesFen: store.annualSalesFen,
      authorisedAt,
      expiresAt,
      checkedAt: now,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(sellerStores)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: sellerStores.userId, set: values })
      .returning();
    await recordAudit(tx, {
      action: AUDIT.storeAuthorised,
      at: now,
      userId,
      loginId,
      meta,
      detail: { sellerId, expiresAt: expiresAt.toISOString(), userAgent: meta.userAgent },
    });
    return row;
  });
  if (!saved) return refuse(RSP.STORE_OWNED_BY_OTHER, 'OWNED_BY_OTHER');
  return view(saved);
}
