import { matchRoutes, type RouteObject } from 'react-router';

/** the paths whose code started loading, per route table */
const started = new WeakMap<RouteObject[], Set<string>>();
/** loads under way */
const inFlight = new Set<Promise<unknown>>();

/**
 * Loads the code of the page at `path` of `routes` ahead of a navigation: every matched route's `lazy` (its layout
 * and its page), as the router itself would on the way there. Once per path; a failed load may be tried again.
 */
export function preloadRouteOf(routes: RouteObject[], path: string): void {
  const paths = started.get(routes) ?? new Set<string>();
  started.set(routes, paths);
  if (paths.has(path)) return;
  paths.add(path);
  for (const match of matchRoutes(routes, path) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy !== 'function') continue;
    const load = Promise.resolve(lazy()).catch(() => paths.delete(path));
    inFlight.add(load);
    void load.finally(() => inFlight.delete(load));
  }
}

/** Resolves when the code being preloaded has arrived (or failed): a test ends only after that. */
export async function preloadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
