import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouteError } from './RouteError';

describe('RouteError', () => {
  it('a page whose code cannot load: says so and offers to reload or go home', async () => {
    renderRoutes(
      [
        {
          path: '/apply/LoanInfo',
          ErrorBoundary: RouteError,
          lazy: async () => {
            throw new TypeError('Failed to fetch dynamically imported module');
          },
        },
      ],
      ['/apply/LoanInfo'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('页面加载失败');
    expect(screen.getByText('网站可能已更新，或网络不稳定。请刷新页面后重试。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /刷新页面/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回首页/ })).toHaveAttribute('href', '/');
  });

  it('a route answered 404 says 页面不存在', async () => {
    renderRoutes(
      [
        {
          path: '/x',
          ErrorBoundary: RouteError,
          loader: () => {
            throw new Response(null, { status: 404 });
          },
          element: null,
        },
      ],
      ['/x'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('页面不存在');
  });
});
