import type { ApplicationQuery } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { applicationDetailQueryOptions } from '../../api/applications';

/** One application's detail, asked again while it waits on the bank when `poll` (applicationDetailQueryOptions). */
export function useApplicationDetail(query: ApplicationQuery | null, options: { poll?: boolean } = {}) {
  return useQuery(applicationDetailQueryOptions(query, options));
}
