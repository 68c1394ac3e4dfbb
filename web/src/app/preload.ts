import type { RouteObject } from 'react-router';
import { preloadRouteOf } from './route-preload';
import { appRoutes } from './routes';

/** Loads the code of the page at `path` ahead of a navigation (route-preload.ts), in the app's routes by default. */
export function preloadRoute(path: string, routes: RouteObject[] = appRoutes): void {
  preloadRouteOf(routes, path);
}

/** Handlers for a link or button: the page's code starts loading when the borrower points at it or focuses it. */
export function preloadOnIntent(path: string, routes?: RouteObject[]) {
  const preload = () => preloadRoute(path, routes);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
