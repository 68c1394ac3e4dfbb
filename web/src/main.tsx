import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
// antd's styles, written at build time (build/antd-static-css.ts), before the app's own
import 'virtual:antd.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

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
