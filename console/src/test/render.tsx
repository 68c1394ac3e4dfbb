import type { OpsOperator, Permission } from '@loan/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { saveOpsSession } from '../app/session';

/** Renders routes at a path with the console's providers; the router, to read where it went. */
export function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return router;
}

export function operator(
  permissions: Permission[],
  roles = [{ code: 'support', name: '客服' }],
): OpsOperator {
  return { loginId: 'ops-test', name: '测试员', roles, permissions };
}

export function signedInAs(permissions: Permission[]): void {
  saveOpsSession({ opsToken: 'token-abcdefghijklmnop', operator: operator(permissions) });
}
