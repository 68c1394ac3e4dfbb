import { matchRoutes, type RouteObject } from 'react-router';
import { appRoutes } from './routes';

/** the paths whose code started loading, per route table */
const started = new WeakMap<RouteObject[], Set<string>>();

/**
 * Loads the code of the page at `path` ahead of a navigation: every matched route's `lazy` (its layout and its
 * page), as the router itself would on the way there. Once per path; a failed load may be tried again.
 */
export function preloadRoute(path: string, routes: RouteObject[] = appRoutes): void {
  const paths = started.get(routes) ?? new Set<string>();
  started.set(routes, paths);
  if (paths.has(path)) return;
  paths.add(path);
  for (const match of matchRoutes(routes, path) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => paths.delete(path));
  }
}

/** Handlers for a link or button: the page's code starts loading when the borrower points at it or focuses it. */
export function preloadOnIntent(path: string, routes?: RouteObject[]) {
  const preload = () => preloadRoute(path, routes);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
