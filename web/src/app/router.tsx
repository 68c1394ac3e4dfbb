import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { appRoutes } from './routes';

/** The browser router of the app (history API, no hash). */
export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * Loads the code of every route matching `path` and puts it on the route (its `lazy` done), so a router created
 * afterwards renders that page at once instead of its loading state.
 */
export async function loadRouteCode(path: string, routes: RouteObject[] = appRoutes): Promise<void> {
  const pending = (matchRoutes(routes, path) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    pending.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
