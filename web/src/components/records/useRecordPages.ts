import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useIsPhone } from '../../app/useIsPhone';
import { useKeysetPager } from './useKeysetPager';

/** The page a list asks for: its size and, after the first page, the cursor the server gave. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/**
 * A keyset-paged list under `filters`: the pager, the page shown (the last one stays while the next loads) and
 * whether the screen is a phone's, all that RecordList takes. `options` is the list's query for a page.
 */
export function useRecordPages<
  Page extends { items: object[]; nextCursor: string | null },
  Key extends QueryKey,
>(filters: object, options: (page: PageRequest) => UseQueryOptions<Page, Error, Page, Key>) {
  const pager = useKeysetPager(filters);
  const phone = useIsPhone();
  const page: PageRequest = { limit: pager.pageSize, ...(pager.cursor ? { cursor: pager.cursor } : {}) };
  const records = useQuery({ ...options(page), placeholderData: keepPreviousData });
  return { records, pager, phone };
}
