import type { QueryClient } from '@tanstack/react-query';
import { accountOverviewQueryOptions, accountSecurityQueryOptions } from '../../api/account';
import { couponsQueryOptions } from '../../api/fees';

/** What /account/myAccount draws first: the overview, the coupons and the security record. */
export function prefetch(client: QueryClient) {
  void client.prefetchQuery(accountOverviewQueryOptions());
  void client.prefetchQuery(couponsQueryOptions());
  void client.prefetchQuery(accountSecurityQueryOptions());
}
