import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

/** Starts the app in #root, in place of the loading view index.html draws. */
export function startApp(container: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  const root = createRoot(container);
  // the first render as a transition: React yields to the browser between components instead of holding the main
  // thread for the whole page (a phone stays responsive while the portal starts)
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}
