import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { preloadOnIntent, preloadRoute } from './preload';

function table() {
  const page = vi.fn(async () => ({ Component: () => null }));
  const layout = vi.fn(async () => ({ Component: () => null }));
  const other = vi.fn(async () => ({ Component: () => null }));
  const routes: RouteObject[] = [
    {
      path: '/',
      lazy: layout,
      children: [
        { path: 'record/loanRecord', lazy: page },
        { path: 'trading/tradingRecord', lazy: other },
      ],
    },
  ];
  return { routes, page, layout, other };
}

describe('preloading a page on intent', () => {
  it('loads the layout and the page of the path, nothing else, once', () => {
    const { routes, page, layout, other } = table();
    preloadRoute('/record/loanRecord', routes);
    preloadRoute('/record/loanRecord', routes);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('pointing at, focusing or touching a link starts the load', () => {
    for (const event of ['onMouseEnter', 'onFocus', 'onTouchStart'] as const) {
      const { routes, other } = table();
      const path = `/trading/tradingRecord?via=${event}`;
      preloadOnIntent(path, routes)[event]();
      expect(other).toHaveBeenCalledTimes(1);
    }
  });

  it('a path no route matches loads nothing', () => {
    const { routes, page, layout, other } = table();
    preloadRoute('/nowhere/at/all', routes);
    expect([layout, page, other].every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });
});
