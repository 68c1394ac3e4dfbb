import type { ApplicationDetail, ApplicationQuery, ApplicationState } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { applicationDetail } from '../../api/applications';
import { isRspError } from '../../api/errors';
import { QUERY_KEYS } from '../../api/query-keys';

/** States in which the bank's decision is still to come: the detail is polled. */
export const AWAITING_DECISION: readonly ApplicationState[] = ['SUBMITTED', 'UNDER_REVIEW'];

/** Every 3 s while the bank has not decided (the callback changes the state on the server). */
export const DECISION_POLL_MS = 3000;

/**
 * One application's detail. A business refusal (3005: not found or not this user's) is not retried and not
 * toasted: the page shows it. Always refetched when a page mounts (staleTime 0). `poll` refetches every DECISION_POLL_MS while the decision is awaited.
 */
export function useApplicationDetail(
  query: ApplicationQuery | null,
  { poll = false, pollMs = DECISION_POLL_MS }: { poll?: boolean; pollMs?: number } = {},
) {
  return useQuery({
    queryKey: [...QUERY_KEYS.applicationDetail, query],
    queryFn: ({ signal }) => applicationDetail(query ?? {}, { silent: true, signal }),
    enabled: query !== null,
    // the state moves on the server (bank callbacks, other tabs): never show a cached state as current
    staleTime: 0,
    retry: (count, error) => !isRspError(error) && count < 1,
    refetchInterval: (q) => {
      const detail = q.state.data as ApplicationDetail | undefined;
      return poll && detail && AWAITING_DECISION.includes(detail.application.state) ? pollMs : false;
    },
  });
}
