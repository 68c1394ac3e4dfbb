import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LOGIN_PATH } from './app/paths';
import { SignInPage } from './app/sign-in-start';

/**
 * Pages whose HTML the build writes ahead (build/prerender-pages.ts): what a borrower sees before any script has
 * run, for a page that shows the same to everyone who is not signed in. main.tsx hydrates it.
 */
export { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES } from './app/prerendered';

/** The HTML of #root for `path`, rendered as the browser renders it first (nobody signed in). */
export async function renderPage(path: string): Promise<string> {
  if (path !== LOGIN_PATH) throw new Error(`${path}: no page is rendered ahead for it`);
  const handover = { enter: () => Promise.reject(new Error('rendered ahead: nothing to hand over')) };
  return renderToString(
    <StrictMode>
      <SignInPage handover={handover} />
    </StrictMode>,
  );
}
