import type { QueryClient } from '@tanstack/react-query';
import { productListQueryOptions } from '../../api/products';
import { storeCheckQueryOptions } from '../../api/stores';
import { userAllCheckQueryOptions } from '../../api/users';

/** What /apply/LoanInfo draws first: the checklist before applying, the store's authorisation, the products. */
export function prefetch(client: QueryClient) {
  void client.prefetchQuery(userAllCheckQueryOptions());
  void client.prefetchQuery(storeCheckQueryOptions());
  void client.prefetchQuery(productListQueryOptions());
}
