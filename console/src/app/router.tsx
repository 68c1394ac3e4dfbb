import { createBrowserRouter, type RouteObject } from 'react-router';

/** The console's pages under /ops/, each loaded when first opened. */
export const ROUTES: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../pages/login/LoginPage')).default }) },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./ConsoleLayout')).default }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../pages/home/HomePage')).default }) },
      {
        path: 'inbox',
        lazy: async () => ({ Component: (await import('../pages/inbox/InboxPage')).default }),
      },
      {
        path: 'queues',
        lazy: async () => ({ Component: (await import('../pages/queues/QueuesPage')).default }),
      },
      {
        path: 'borrowers',
        lazy: async () => ({ Component: (await import('../pages/borrowers/BorrowersPage')).default }),
      },
      {
        path: 'collections',
        lazy: async () => ({ Component: (await import('../pages/collections/CollectionsPage')).default }),
      },
      {
        path: 'partner-calls',
        lazy: async () => ({ Component: (await import('../pages/partner-calls/PartnerCallsPage')).default }),
      },
      {
        path: 'refunds',
        lazy: async () => ({ Component: (await import('../pages/refunds/RefundQueuePage')).default }),
      },
      {
        path: 'coupons',
        lazy: async () => ({ Component: (await import('../pages/coupons/CouponCampaignsPage')).default }),
      },
      {
        path: 'reports',
        lazy: async () => ({ Component: (await import('../pages/reports/ReportsPage')).default }),
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await import('../pages/audit/AuditPage')).default }),
      },
      {
        path: 'operators',
        lazy: async () => ({ Component: (await import('../pages/operators/OperatorsPage')).default }),
      },
      {
        path: 'system',
        lazy: async () => ({ Component: (await import('../pages/system/SystemStatusPage')).default }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./NotFound')).default }) },
    ],
  },
];

export const BASENAME = '/ops';

export function createConsoleRouter() {
  return createBrowserRouter(ROUTES, { basename: BASENAME });
}
