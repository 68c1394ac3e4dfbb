import { useState } from 'react';

export const PAGE_SIZES = [10, 20, 50] as const;

interface PagerState {
  /** the cursor of each page visited so far: [undefined, c1, c2 …]; the last is the page shown */
  cursors: (string | undefined)[];
  pageSize: number;
  /** the filters these cursors belong to (JSON) */
  filtersKey: string;
}

/**
 * Keyset paging with the usual pager feel: a stack of the cursors visited, so 上一页 goes back exactly and
 * 下一页 follows the server's nextCursor. New filters or a new page size start again at the first page.
 */
export function useKeysetPager(filters: object, initialPageSize = PAGE_SIZES[0]) {
  const filtersKey = JSON.stringify(filters);
  const [state, setState] = useState<PagerState>({
    cursors: [undefined],
    pageSize: initialPageSize,
    filtersKey,
  });
  // filters changed since the cursors were taken: back to the first page (during render, no extra fetch)
  const current = state.filtersKey === filtersKey ? state : { ...state, cursors: [undefined], filtersKey };
  if (current !== state) setState(current);
  const page = current.cursors.length;
  return {
    cursor: current.cursors[page - 1],
    page,
    pageSize: current.pageSize,
    next: (nextCursor: string) => setState((s) => ({ ...s, cursors: [...s.cursors, nextCursor] })),
    previous: () => setState((s) => (s.cursors.length > 1 ? { ...s, cursors: s.cursors.slice(0, -1) } : s)),
    setPageSize: (pageSize: number) => setState((s) => ({ ...s, pageSize, cursors: [undefined] })),
  };
}
