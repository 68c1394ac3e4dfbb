import type { MwsTokenCheckResult, StoreAuthStatus } from '@loan/domain';

/**
 * The store check of the demo store in a status: authorised (03) with 2,400,000.00 yuan of sales and so an
 * estimated limit of 720,000.00; no sales or limit in any other status.
 */
export function storeCheck(
  shopAuth: StoreAuthStatus,
  overrides: Partial<MwsTokenCheckResult> = {},
): MwsTokenCheckResult {
  const hasStore = shopAuth !== '01';
  return {
    storeInfo: hasStore ? { sellerId: 'A1DEMOSTORE001', sellerName: '明远跨境旗舰店' } : null,
    shopAuth,
    marketplaceIds: hasStore ? ['ATVPDKIKX0DER'] : [],
    authorisedAt: hasStore ? '2026-03-01T16:30:00.000Z' : null,
    expiresAt: hasStore ? '2027-03-01T16:30:00.000Z' : null,
    checkedAt: hasStore ? '2026-03-02T02:00:00.000Z' : null,
    annualSales: shopAuth === '03' ? '2400000.00' : null,
    estimatedLimit: shopAuth === '03' ? '720000.00' : null,
    ...overrides,
  };
}
