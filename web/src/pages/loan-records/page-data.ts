import type { QueryClient } from '@tanstack/react-query';
import { loanRecordsQueryOptions } from '../../api/loans';
import { PAGE_SIZES } from '../../components/records/useKeysetPager';

/** What /record/loanRecord draws first: the newest records, unfiltered, one page of the first size. */
export function prefetch(client: QueryClient) {
  void client.prefetchQuery(loanRecordsQueryOptions({ limit: PAGE_SIZES[0] }));
}
