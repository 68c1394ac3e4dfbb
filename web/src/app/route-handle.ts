import type { UIMatch } from 'react-router';
import { PRODUCT_NAME } from '../config';

/** What a route says about itself: its page title, and for a section, the breadcrumb text. */
export interface RouteHandle {
  /** the page title (document.title, and the page header unless `heading` says otherwise) */
  title?: string;
  /** the page header and last breadcrumb when they name the page better than its title */
  heading?: string;
  /** a section's name in the breadcrumb */
  crumb?: string;
  /** where the section's breadcrumb links to */
  crumbPath?: string;
}

const handleOf = (match: UIMatch): RouteHandle => (match.handle ?? {}) as RouteHandle;

/** The deepest matched route's title, or none. */
function routeTitle(matches: UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const title = match ? handleOf(match).title : undefined;
    if (title) return title;
  }
  return undefined;
}

/** The page header: the deepest matched route's heading, else its title. */
export function routeHeading(matches: UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match ? handleOf(match) : {};
    if (handle.heading ?? handle.title) return handle.heading ?? handle.title;
  }
  return undefined;
}

/** document.title: the route's title exactly, else the product name. */
export const documentTitle = (matches: UIMatch[]) => routeTitle(matches) ?? PRODUCT_NAME;

interface Crumb {
  title: string;
  path?: string;
}

/** Section crumbs, then the page heading. */
export function breadcrumbs(matches: UIMatch[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = handleOf(match);
    if (handle.crumb) crumbs.push({ title: handle.crumb, path: handle.crumbPath });
  }
  const title = routeHeading(matches);
  if (title && crumbs.at(-1)?.title !== title) crumbs.push({ title });
  return crumbs;
}
