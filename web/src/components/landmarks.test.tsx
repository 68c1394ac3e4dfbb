import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { AuthFrame } from './AuthFrame';
import { PageLoading } from './PageLoading';
import { RouteError } from './RouteError';
import { StandaloneFrame } from './StandaloneFrame';

/** Each frame a page can stand in has exactly one `main` landmark (the signed-in layout's: e2e/accessibility). */
describe('one main landmark per frame', () => {
  it.each([
    [
      'the sign-in frame',
      () => (
        <AuthFrame title="账号登录" footer="footer">
          form
        </AuthFrame>
      ),
    ],
    ['the standalone frame', () => <StandaloneFrame>page</StandaloneFrame>],
    ['the first load', () => <PageLoading />],
  ])('%s', async (_name, Component) => {
    renderRoutes([{ path: '/', Component }], ['/']);
    expect(await screen.findAllByRole('main')).toHaveLength(1);
  });

  it('the error page', async () => {
    renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          loader: () => {
            throw new Response(null, { status: 404 });
          },
          element: null,
        },
      ],
      ['/'],
    );
    await screen.findByRole('alert');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
