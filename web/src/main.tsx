import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { AppProviders, createQueryClient } from './app/providers';
import { registerRouteDataClient } from './app/route-data';
import { createAppRouter, loadRouteCode } from './app/router';
import { hasSessionExpiredMarker, readSession } from './session/session';
// antd's styles, written at build time (build/antd-static-css.ts), before the app's own
import 'virtual:antd.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The build wrote this page's HTML ahead (src/app/prerendered.ts) for a visitor who is not signed in: the app
 * takes it over (hydrates) rather than drawing it again. Someone signed in, or told their session expired, sees
 * more than that HTML, so the app draws the page anew.
 */
function takesOverPrerenderedPage(): boolean {
  if (container?.getAttribute(PRERENDERED_ATTRIBUTE) !== window.location.pathname) return false;
  return !readSession().accessToken && !hasSessionExpiredMarker();
}

async function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  registerRouteDataClient(queryClient);
  const hydrate = takesOverPrerenderedPage();
  // hydration needs the page's code before the first render, as the build had it
  if (hydrate) await loadRouteCode(window.location.pathname);
  // the render in a task of its own, not at the end of the one that evaluated the app's modules: the browser may
  // handle a tap or a keystroke between the two
  await new Promise((resolve) => setTimeout(resolve));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  // the first render as a transition: React yields to the browser between components instead of holding the main
  // thread for the whole page (a phone stays responsive while the portal starts)
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) =>
          console.error('[hydrate] the prerendered page was drawn again:', error),
      });
    } else {
      createRoot(root).render(app);
    }
  });
}

void start(container);
