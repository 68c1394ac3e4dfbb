import { type ApplicationDetail, type ApplicationQuery, awaitsPartner } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { applicationDetail } from '../../api/applications';
import { isRspError } from '../../api/errors';
import { QUERY_KEYS } from '../../api/query-keys';

/** How often a page asks again while the application waits on the partner bank; tests shorten it. */
export const partnerPoll = { ms: 3000 };

/**
 * One application's detail. A business refusal (3005: not found or not this user's) is not retried and not
 * toasted: the page shows it. Always refetched when a page mounts (staleTime 0). With `poll`, asked again every
 * partnerPoll.ms while the next move is the bank's (awaitsPartner: its acceptance, decision or disbursement) and
 * no more once it has made it; not while the tab is hidden (TanStack's refetchIntervalInBackground is off), and
 * at once when the tab is shown again.
 */
export function useApplicationDetail(
  query: ApplicationQuery | null,
  { poll = false }: { poll?: boolean } = {},
) {
  return useQuery({
    queryKey: [...QUERY_KEYS.applicationDetail, query],
    queryFn: ({ signal }) => applicationDetail(query ?? {}, { silent: true, signal }),
    enabled: query !== null,
    // the state moves on the server (bank callbacks, other tabs): never show a cached state as current
    staleTime: 0,
    retry: (count, error) => !isRspError(error) && count < 1,
    refetchOnWindowFocus: poll,
    refetchInterval: (q) => {
      const detail = q.state.data as ApplicationDetail | undefined;
      return poll && detail && awaitsPartner(detail.application.state) ? partnerPoll.ms : false;
    },
  });
}
