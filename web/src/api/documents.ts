import { API, type VerifiedDocument, type VerifyDocumentQuery } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { get } from './http';

/** The public check of a document the portal issued (no session): its masked key facts, or 4101. */

export const documentKeys = {
  verify: (query: VerifyDocumentQuery) => ['verifyDocument', query.docNo, query.code] as const,
};

/** Silent: the page shows a refusal where it belongs, not as a toast. */
export const verifyDocumentQueryOptions = (query: VerifyDocumentQuery) =>
  queryOptions({
    queryKey: documentKeys.verify(query),
    queryFn: () => get<VerifiedDocument>(API.verifyDocument, query, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
