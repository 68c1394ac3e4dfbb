import { waitFor } from '@testing-library/react';
import type { createMemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { preloadsSettled } from '../app/route-preload';

type Router = ReturnType<typeof createMemoryRouter>;

/** the routers of the test now running (renderRoutes) */
const routers = new Set<Router>();

export function trackRouter(router: Router): void {
  routers.add(router);
}

/**
 * Waits until every router the test made has loaded what it was loading (a lazy page's code, a loader), and every
 * page preloaded on intent has arrived, then stops the routers. Files share a worker's modules: a page's code still
 * loading when its file's environment is torn down fails to load, and stays failed for the files after it.
 * A module of its own, light: setup.ts runs it before the files that mock modules have mocked them.
 */
export async function settleRouters(): Promise<void> {
  await waitFor(
    () => {
      for (const router of routers) {
        expect(router.state.initialized).toBe(true);
        expect(router.state.navigation.state).toBe('idle');
      }
    },
    { timeout: 10_000 },
  ).catch(() => undefined);
  await preloadsSettled();
  for (const router of routers) router.dispose();
  routers.clear();
}
