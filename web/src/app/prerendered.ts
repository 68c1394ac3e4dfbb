import { useSyncExternalStore } from 'react';
import { LOGIN_PATH } from './paths';

/**
 * Pages the build renders to HTML ahead (build/prerender-pages.ts), each into its own file beside index.html;
 * the server sends that file for the page's path (dist/prerendered.json) and main.tsx hydrates it
 * (app/sign-in-start.tsx). Only pages that look the same for everyone who is not signed in: the sign-in page a
 * phone opens first.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  [LOGIN_PATH]: 'login.html',
};

/** The attribute on #root naming the path its HTML was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const noChanges = () => () => undefined;

/**
 * False in a page rendered ahead until the app has taken it over (its first render in the browser), then true;
 * true from the start where the app draws the page itself. What needs the app to work (a submit button) waits
 * for it, so a tap before the scripts have run does not submit the bare HTML form.
 */
export function useStarted(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
