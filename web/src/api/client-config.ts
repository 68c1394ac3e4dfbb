import { queryOptions, useQuery } from '@tanstack/react-query';
import { getClientConfig } from './client-config-call';

const clientConfigKeys = {
  config: ['clientConfig'],
} as const;

/** It does not change while the page is open. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: clientConfigKeys.config,
    queryFn: ({ signal }) => getClientConfig({ silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The developer routes (`/dev/…`, e.g. the sandbox's 模拟在卖家后台完成指向) exist only on a development server:
 * production with SANDBOX=1 runs the sandboxes without them. False until the server has said.
 */
export function useDeveloperRoutes(): boolean {
  const { data } = useQuery(clientConfigQueryOptions());
  return data?.environment === 'development';
}
