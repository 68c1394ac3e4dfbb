import type { StatementListQuery, StatementPage } from '@loan/domain';
import { API } from '@loan/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { downloadPdf } from './file-download';
import { FRESH_ON_OPEN_MS } from './fresh-on-open';
import { type CallOptions, get } from './http';

/** 月度对账单: the borrower's statements and one statement's PDF. */

/** Months a page of the list holds: a year. */
export const STATEMENT_PAGE_SIZE = 12;

export const statementKeys = {
  list: ['statements', 'list'],
} as const;

export function statementList(query: StatementListQuery, options?: CallOptions) {
  return get<StatementPage>(API.statementList, query, options);
}

/** The statements, newest month first, a year at a time (更早的对账单 passes the cursor on). */
export const statementListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: statementKeys.list,
    queryFn: ({ signal, pageParam }) =>
      statementList(
        { limit: STATEMENT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { silent: true, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: FRESH_ON_OPEN_MS,
  });

/** GET /account/statementPdf?id=: one statement as a PDF. */
export function downloadStatementPdf(id: number, month: string) {
  return downloadPdf(
    API.statementPdf,
    { id },
    { fallbackName: `月度对账单-${month}.pdf`, failed: '对账单下载失败，请稍后重试' },
  );
}
