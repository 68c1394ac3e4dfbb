/**
 * The marketplace (store authorisation), modelled on today's marketplace API: a seller id, the marketplaces the
 * seller participates in, whether the account is suspended, and an authorisation that lasts 365 days.
 * The sandbox implementation is sandbox.ts; a real marketplace is one new file implementing this.
 */
export interface MarketplaceStore {
  sellerId: string;
  sellerName: string;
  marketplaceIds: string[];
  /** trailing twelve months' sales, in fen */
  annualSalesFen: number;
  /** the seller account is suspended or has suspended listings that block financing */
  suspended: boolean;
}

export type MarketplaceAuthResult =
  | { ok: true; store: MarketplaceStore; authorisedAt: Date; expiresAt: Date }
  | { ok: false; reason: 'INVALID_CREDENTIALS' | 'SUSPENDED' };

export type MarketplaceCheckResult =
  | { ok: true; store: MarketplaceStore }
  | { ok: false; reason: 'REVOKED' | 'SUSPENDED' };

/** Where the store's payouts go, as the marketplace reports it. */
export interface PayoutDestination {
  /** the account the payouts are paid to; null when none is set or a change is being verified */
  accountNo: string | null;
  /** the seller changed the payout account and the marketplace is still verifying it */
  pendingVerification: boolean;
}

export interface MarketplaceAdapter {
  readonly sandbox: boolean;
  /** exchanges seller id + authorisation token for the store's data (the consent is recorded by the caller) */
  authorise(sellerId: string, token: string, now: Date): Promise<MarketplaceAuthResult>;
  /** re-reads the store with a stored token: still authorised, revoked, or suspended */
  check(sellerId: string, token: string, now: Date): Promise<MarketplaceCheckResult>;
  /** where the store's payouts go (throws when the marketplace does not answer) */
  payoutDestination(sellerId: string, token: string, now: Date): Promise<PayoutDestination>;
}
