import { API } from '@loan/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type LoaderFunction, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overview, security } from '../pages/my-account/account-fixtures';
import { saveLogin, saveUserInfo } from '../session/session';
import { DEMO_USER_INFO } from '../test/fixtures';
import { fakeApi, ok } from '../test/render';
import { AppProviders, createQueryClient } from './providers';
import { registerRouteDataClient } from './route-data';
import { appRoutes } from './routes';

const drawnText = (text: string) => () => screen.findAllByText(text);

/** Each page that asks its data ahead, the calls it draws first, and what its own code draws while they load. */
const PAGES = [
  {
    path: '/apply/LoanInfo',
    asks: [API.toUserAllCheck, API.mwsTokenCheck, API.productList],
    // the cards wait for all three calls behind one placeholder
    drawn: () => waitFor(() => expect(document.querySelector('.page-placeholder')).not.toBeNull()),
  },
  { path: '/record/loanRecord', asks: [API.loanRecords], drawn: drawnText('全部状态') },
  {
    path: '/account/myAccount',
    asks: [API.accountOverview, API.coupons, API.accountSecurity],
    // the account's cards too
    drawn: () => waitFor(() => expect(document.querySelector('.page-placeholder')).not.toBeNull()),
  },
];

let undo: Array<() => void> = [];
afterEach(() => {
  for (const step of undo) step();
  undo = [];
});

type Answer = Parameters<typeof fakeApi>[0];
const never: Answer = () => new Promise(() => undefined);

/** The calls faked as `answer`, and how many times each path was asked. */
function recordCalls(answer: Answer) {
  const api = fakeApi(answer);
  undo.push(api.restore);
  return (url: string) => api.requests.filter((request) => request.url === url).length;
}

/** The app as main.tsx starts it on `path`, its calls recorded (by default never answered: the page stays loading). */
function start(path: string, answer: Answer = never) {
  const asked = recordCalls(answer);
  const client = createQueryClient();
  undo.push(registerRouteDataClient(client));
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, asked };
}

describe('a page asks for its first data while its code loads', () => {
  it.each(PAGES)(
    '$path: the route asks the calls itself, before any page code runs',
    async ({ path, asks }) => {
      saveLogin('tok');
      const asked = recordCalls(never);
      undo.push(registerRouteDataClient(createQueryClient()));
      const loaders = (matchRoutes(appRoutes, path) ?? []).flatMap(({ route }) =>
        typeof route.loader === 'function' ? [route.loader as LoaderFunction] : [],
      );
      expect(loaders).toHaveLength(1);
      const url = new URL(`http://localhost${path}`);
      for (const loader of loaders) {
        expect(
          await loader({ request: new Request(url), url, params: {}, context: {}, pattern: path }),
        ).toBeNull();
      }
      await waitFor(() => expect(asks.map(asked)).toEqual(asks.map(() => 1)));
    },
  );

  it.each(PAGES)(
    '$path: the calls are under way when the loader returns, waiting for no further module to load',
    ({ path, asks }) => {
      saveLogin('tok');
      recordCalls(never);
      const client = createQueryClient();
      undo.push(registerRouteDataClient(client));
      const loader = (matchRoutes(appRoutes, path) ?? [])
        .map(({ route }) => route.loader)
        .find((candidate): candidate is LoaderFunction => typeof candidate === 'function');
      const url = new URL(`http://localhost${path}`);
      expect(loader).toBeDefined();
      loader?.({ request: new Request(url), url, params: {}, context: {}, pattern: path });
      // synchronously: one query a call, each fetching (a page-data module loaded on demand would leave none yet)
      const fetching = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.fetchStatus === 'fetching');
      expect(fetching).toHaveLength(asks.length);
    },
  );

  it.each(PAGES)(
    '$path: each call once, asked by the route and used by the page',
    async ({ path, asks, drawn }) => {
      saveLogin('tok');
      saveUserInfo(DEMO_USER_INFO);
      const { asked } = start(path);
      await waitFor(() => expect(asks.map(asked)).toEqual(asks.map(() => 1)));
      await drawn();
      // the page's own queries found the calls in flight: none asked again
      expect(asks.map(asked)).toEqual(asks.map(() => 1));
    },
  );

  it.each(PAGES)('$path without a session asks nothing and goes to login', async ({ path, asks }) => {
    const { router, asked } = start(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    expect(asks.map(asked)).toEqual(asks.map(() => 0));
  });

  it('/account/myAccount: answers that arrived before the page drew are not asked again by the page or its cards', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    // the clock stands still: however long the page's code takes to load here, the answers are a moment old
    vi.useFakeTimers({ toFake: ['Date'] });
    undo.push(() => vi.useRealTimers());
    const { asked } = start('/account/myAccount', (request) => {
      if (request.url === API.accountOverview) return ok(overview());
      if (request.url === API.accountSecurity) return ok(security());
      if (request.url === API.coupons) return ok({ items: [], availableCount: 0 });
      if (request.url === API.statementList) return ok({ items: [], nextCursor: null });
      return ok(null);
    });
    await screen.findByText('我的优惠券');
    await screen.findByText('暂无可用的优惠券');
    const calls = [API.accountOverview, API.coupons, API.accountSecurity];
    expect(calls.map(asked)).toEqual([1, 1, 1]);
  });
});
