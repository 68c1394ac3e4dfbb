import type { QueryClient } from '@tanstack/react-query';
import { readSession } from '../session/session';

/** A page's first data: the queries it renders with, asked ahead (pages/<page>/page-data.ts). */
export interface PageData {
  prefetch(client: QueryClient): void;
}

let appClient: QueryClient | null = null;

/** main.tsx gives the routes the app's query client. Returns a function that undoes it. */
export function registerRouteDataClient(client: QueryClient): () => void {
  appClient = client;
  return () => {
    if (appClient === client) appClient = null;
  };
}

/**
 * A route loader that asks the server for a page's first data as soon as the app starts, while the page's code
 * downloads, rather than once that code has run: the page's queries then find their answers in flight or in the
 * cache (on a slow phone line, a second sooner). The page's data module is part of the app's first script, not
 * of the page's code, so the calls wait for no further download. It never waits, so the page draws its own
 * loading state, and it asks nothing without a session: the guard sends that visit to the login page.
 */
export const prefetchPageData = (page: PageData) => (): null => {
  const client = appClient;
  if (client && readSession().accessToken) page.prefetch(client);
  return null;
};

/**
 * Options of a card's own query on a page that draws its cards once the page's calls have answered (LoanInfoPage,
 * MyAccountPage): the card shows the answer the page got, an error included, and does not ask again as it mounts
 * (a failed call is asked again only through the card's 重新加载).
 */
export const DRAWN_AFTER_PAGE_CALLS = { retryOnMount: false } as const;
