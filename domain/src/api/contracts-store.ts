/**
 * Request and result shapes of the store authorisation (/seller/…). Fields marked "field-cipher text" are
 * encrypted in the browser with cipher.ts and decrypted by the server.
 */
import type { StoreAuthStatus } from '../store/store-auth-status.ts';

export interface StoreInfo {
  sellerId: string;
  sellerName: string;
}

/** GET /seller/mwsTokenCheck and POST /seller/againMwsToken. */
export interface MwsTokenCheckResult {
  /** null while the user has never authorised a store */
  storeInfo: StoreInfo | null;
  shopAuth: StoreAuthStatus;
  marketplaceIds: string[];
  authorisedAt: string | null;
  /** end of the 365-day authorisation */
  expiresAt: string | null;
  checkedAt: string | null;
  /** the store's trailing twelve months' sales in yuan ("2400000.00"); null without an authorised store */
  annualSales: string | null;
  /** the estimated limit: STORE_CREDIT_SHARE_PERCENT of annualSales, in yuan; null without an authorised store */
  estimatedLimit: string | null;
}

export interface AgainMwsTokenRequest {
  sellerId: string;
  /** the store's authorisation token (店铺授权令牌) given by the marketplace; field-cipher text */
  mwsAuthToken: string;
}
