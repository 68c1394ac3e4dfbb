import type { ClientConfig } from '@loan/domain';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { clientConfigQueryOptions } from '../api/client-config';
import { useMessage } from './feedback';
import { preloadRoute } from './preload';
import { AppProviders, createQueryClient } from './providers';
import { registerRouteDataClient } from './route-data';
import { createAppRouter, loadRouteCode } from './router';

export { preloadRoute };

export interface StartOptions {
  /** the server's client config, when the page before the app has already asked for it */
  clientConfig?: ClientConfig;
  /** a toast to show once the app stands (why a sign-in lands where it does) */
  notice?: string;
}

function NoticeOnStart({ text }: { text: string }) {
  const message = useMessage();
  useEffect(() => {
    message.info({ content: text, key: 'start-notice' });
  }, [message, text]);
  return null;
}

/**
 * Draws the whole app (router, TanStack Query, antd) in `container` at the current location: on a first load, or
 * when the sign-in page (app/sign-in-start.tsx) hands over after a sign-in or a link.
 */
export async function startApp(container: HTMLElement, { clientConfig, notice }: StartOptions = {}) {
  const queryClient = createQueryClient();
  registerRouteDataClient(queryClient);
  if (clientConfig) queryClient.setQueryData(clientConfigQueryOptions().queryKey, clientConfig);
  // the page's code before the first render: the router draws the page at once instead of a loading state
  await loadRouteCode(window.location.pathname);
  // the render in a task of its own, not at the end of the one that evaluated the app's modules: the browser may
  // handle a tap or a keystroke between the two
  await new Promise((resolve) => setTimeout(resolve));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {notice && <NoticeOnStart text={notice} />}
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  // the first render as a transition: React yields to the browser between components instead of holding the main
  // thread for the whole page (a phone stays responsive while the portal starts)
  startTransition(() => createRoot(container).render(app));
}
