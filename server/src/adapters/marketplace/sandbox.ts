import type { MarketplaceAdapter } from './marketplace.ts';

/** PLACEHOLDER until the store-authorisation work lands: replaced by the documented sandbox marketplace. */
export function createSandboxMarketplace(): MarketplaceAdapter {
  const missing = async (): Promise<never> => {
    throw new Error('sandbox marketplace not built yet');
  };
  return { sandbox: true, authorise: missing, check: missing };
}
