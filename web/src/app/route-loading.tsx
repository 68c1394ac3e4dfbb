import type { BankCode } from '@loan/domain';
import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from './route-handle';

/** How the route tables (routes.tsx, routes-standalone.tsx) load their pages and name them. */

type Module = { default: ComponentType };
/** antd's styles beyond the first page's (build/antd-static-css.ts), loaded with a page's code */
const moreStyles = () => import('./antd-more-styles');
export const lazyPage = (load: () => Promise<Module>) => async () => {
  const [page] = await Promise.all([load(), moreStyles()]);
  return { Component: page.default };
};
/** The sign-in page draws only what the first stylesheet styles (main.tsx): its code alone. */
export const lazyFirstPage = (load: () => Promise<Module>) => async () => ({
  Component: (await load()).default,
});
/** An index route that only redirects (its loader runs before anything renders). */
export const redirectIndex = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  element: null,
});
/** The one bank application page, told which bank its route is for. */
export const lazyBankPage = (bank: BankCode) => async () => {
  const [{ BankApplicationPage }] = await Promise.all([
    import('../pages/bank-application/BankApplicationPage'),
    moreStyles(),
  ]);
  return { Component: () => <BankApplicationPage bank={bank} /> };
};
export const titled = (title: string): RouteHandle => ({ title });
export const section = (crumb: string, crumbPath: string): RouteHandle => ({ crumb, crumbPath });
