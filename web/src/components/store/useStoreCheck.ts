import type { MwsTokenCheckResult } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storeCheckQueryOptions, storeKeys } from '../../api/stores';

/** The signed-in user's store and its authorisation status (GET /seller/mwsTokenCheck), shared by every reader. */
export function useStoreCheck() {
  return useQuery(storeCheckQueryOptions());
}

/** Puts a fresh answer (e.g. of againMwsToken) where every reader of the store check sees it. */
export function useSetStoreCheck() {
  const queryClient = useQueryClient();
  return useCallback(
    (result: MwsTokenCheckResult) => queryClient.setQueryData(storeKeys.check, result),
    [queryClient],
  );
}
