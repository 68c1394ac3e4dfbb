import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes } from './app/routes';

/**
 * Pages whose HTML the build writes ahead (build/prerender-pages.ts): what a borrower sees before any script has
 * run, for a page that shows the same to everyone who is not signed in. main.tsx hydrates it.
 */
export { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES } from './app/prerendered';

/** The HTML of #root for `path`, rendered as main.tsx renders it in the browser (nobody signed in). */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
