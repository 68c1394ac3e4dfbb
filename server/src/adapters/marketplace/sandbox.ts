/**
 * Sandbox marketplace (store authorisation). Deterministic, no network; on by default. Documented for sellers,
 * testers and the demo in docs/SANDBOX.md "电商平台沙箱 / Marketplace sandbox". The rules:
 *
 * - The service checks the shapes before calling this adapter (domain store-credentials.ts): seller id
 *   `^A[0-9A-Z]{9,13}$`, token `amzn.mws.` + lower-case UUID (8-4-4-4-12 hex).
 * - authorise(sellerId, token):
 *     token UUID starting `00000000`  → INVALID_CREDENTIALS (3202)
 *     seller id ending `99`           → SUSPENDED (3203)
 *     seller id ending `98`           → the marketplace does not answer (throws: simulated time-out, 3205)
 *     otherwise                       → authorised now, expires 365 days later
 * - check(sellerId, token) with the stored token:
 *     token UUID starting `ffffffff`  → REVOKED (status 04: lets tests and the demo see a revoked store)
 *     token UUID starting `00000000`  → REVOKED
 *     token UUID starting `eeeeeeee`  → the marketplace does not answer (throws; the portal keeps the stored status)
 *     seller id ending `99`           → SUSPENDED (status 05)
 *     otherwise                       → ok with fresh data
 * - Store data, all derived from sha256(sellerId):
 *     sellerName     `沙箱店铺-<last 4 of the seller id>`; the demo seller A1DEMOSTORE001 is '明远跨境旗舰店'
 *     marketplaceIds always ATVPDKIKX0DER (US) plus one or two of CA/MX/UK/DE/FR/JP chosen by the hash;
 *                    the demo seller: ['ATVPDKIKX0DER', 'A1F83G8C2ARO7P']
 *     annualSales    whole yuan between 500,000 and 5,000,000 from the hash; the demo seller 2,400,000.00 yuan
 * - payoutDestination(sellerId, token): where the developers' route /dev/sandbox/pointPayouts pointed the
 *   store's payouts (table sandbox_payout_pointings): SUB_ACCOUNT → the account recorded then, OTHER →
 *   SANDBOX_OTHER_PAYOUT_ACCOUNT, PENDING → pending verification; never pointed → no account. A token UUID
 *   starting `eeeeeeee` → the marketplace does not answer (throws).
 * The sandbox banks lend at most 30 % of annualSales (their rule, documented in the same docs section).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxPayoutPointings } from '../../db/schema.ts';
import type { MarketplaceAdapter, MarketplaceStore, PayoutDestination } from './marketplace.ts';

/** Where a sandbox store's payouts go when pointed elsewhere (another bank's account). */
const SANDBOX_OTHER_PAYOUT_ACCOUNT = '6217000010000009999';

export const SANDBOX_DEMO_SELLER_ID = 'A1DEMOSTORE001';
const SANDBOX_DEMO_SELLER_NAME = '明远跨境旗舰店';
export const SANDBOX_DEMO_ANNUAL_SALES_FEN = 240_000_000;
const AUTHORISATION_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
const US = 'ATVPDKIKX0DER';
const OTHER_MARKETPLACES = [
  'A2EUQ1WTGCTBG2', // CA
  'A1AM78C64UM0Y8', // MX
  'A1F83G8C2ARO7P', // UK
  'A1PA6795UKMFR9', // DE
  'A13V1IB3VIYZZH', // FR
  'A1VC38T7YXB528', // JP
] as const;
const MIN_SALES_YUAN = 500_000;
const MAX_SALES_YUAN = 5_000_000;

/** Thrown when the marketplace does not answer (time-out or outage). */
class MarketplaceUnavailableError extends Error {
  constructor() {
    super('marketplace did not answer (sandbox time-out)');
    this.name = 'MarketplaceUnavailableError';
  }
}

function tokenUuid(token: string): string {
  return token.startsWith('amzn.mws.') ? token.slice('amzn.mws.'.length) : token;
}

/** The store as the sandbox marketplace reports it. */
function sandboxStore(sellerId: string): MarketplaceStore {
  const hash = createHash('sha256').update(sellerId).digest();
  const suspended = sellerId.endsWith('99');
  if (sellerId === SANDBOX_DEMO_SELLER_ID) {
    return {
      sellerId,
      sellerName: SANDBOX_DEMO_SELLER_NAME,
      marketplaceIds: [US, 'A1F83G8C2ARO7P'],
      annualSalesFen: SANDBOX_DEMO_ANNUAL_SALES_FEN,
      suspended,
    };
  }
  const first = OTHER_MARKETPLACES[(hash[0] ?? 0) % OTHER_MARKETPLACES.length] as string;
  const second = OTHER_MARKETPLACES[(hash[1] ?? 0) % OTHER_MARKETPLACES.length] as string;
  const marketplaceIds = [...new Set([US, first, ...((hash[2] ?? 0) % 2 === 0 ? [second] : [])])];
  const span = MAX_SALES_YUAN - MIN_SALES_YUAN + 1;
  const salesYuan = MIN_SALES_YUAN + (hash.readUInt32BE(4) % span);
  return {
    sellerId,
    sellerName: `沙箱店铺-${sellerId.slice(-4)}`,
    marketplaceIds,
    annualSalesFen: salesYuan * 100,
    suspended,
  };
}

/** The sandbox marketplace; with a database it also knows where each store's payouts go. */
export function createSandboxMarketplace(db?: Database): MarketplaceAdapter {
  return {
    sandbox: true,
    async authorise(sellerId, token, now) {
      if (sellerId.endsWith('98')) throw new MarketplaceUnavailableError();
      if (tokenUuid(token).startsWith('00000000')) return { ok: false, reason: 'INVALID_CREDENTIALS' };
      const store = sandboxStore(sellerId);
      if (store.suspended) return { ok: false, reason: 'SUSPENDED' };
      return {
        ok: true,
        store,
        authorisedAt: now,
        expiresAt: new Date(now.getTime() + AUTHORISATION_DAYS * DAY_MS),
      };
    },
    async check(sellerId, token) {
      const uuid = tokenUuid(token);
      if (uuid.startsWith('eeeeeeee')) throw new MarketplaceUnavailableError();
      if (uuid.startsWith('ffffffff') || uuid.startsWith('00000000')) return { ok: false, reason: 'REVOKED' };
      const store = sandboxStore(sellerId);
      if (store.suspended) return { ok: false, reason: 'SUSPENDED' };
      return { ok: true, store };
    },
    async payoutDestination(sellerId, token): Promise<PayoutDestination> {
      if (tokenUuid(token).startsWith('eeeeeeee')) throw new MarketplaceUnavailableError();
      const [row] = db
        ? await db.select().from(sandboxPayoutPointings).where(eq(sandboxPayoutPointings.sellerId, sellerId))
        : [];
      if (!row) return { accountNo: null, pendingVerification: false };
      if (row.target === 'PENDING') return { accountNo: null, pendingVerification: true };
      if (row.target === 'OTHER')
        return { accountNo: SANDBOX_OTHER_PAYOUT_ACCOUNT, pendingVerification: false };
      return { accountNo: row.accountNo, pendingVerification: false };
    },
  };
}
