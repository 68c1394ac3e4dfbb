import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, signedInAs } from '../test/render';
import ConsoleLayout from './ConsoleLayout';

vi.mock('../api/ops', () => ({ logout: vi.fn().mockResolvedValue(null) }));
vi.mock('../api/requests', () => ({
  inboxQuery: () => ({
    queryKey: ['ops', 'inbox'],
    queryFn: async () => [{ requestId: 1 }, { requestId: 2 }],
  }),
}));

const routes = [
  { path: '/login', element: <p>登录页</p> },
  {
    path: '/',
    Component: ConsoleLayout,
    children: [
      { index: true, element: <p>工作台内容</p> },
      { path: 'audit', element: <p>审计内容</p> },
    ],
  },
];

describe('the signed-in console frame', () => {
  it('sends a tab without a console session to the sign-in page', async () => {
    const router = renderAt(routes, '/audit');
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a page the operator’s permissions allow, in a menu of only what they may open', async () => {
    signedInAs(['audit.read']);
    renderAt(routes, '/audit');
    expect(await screen.findByText('审计内容')).toBeInTheDocument();
    screen.getByRole('button', { name: '打开菜单' }).click();
    const nav = await screen.findByRole('navigation', { name: '运营后台菜单' });
    expect(within(nav).getByText('审计日志')).toBeInTheDocument();
    expect(within(nav).queryByText('运营人员与角色')).not.toBeInTheDocument();
    // the header counts what waits for this operator's check
    expect(await screen.findByRole('button', { name: '待我审批（2 项）' })).toBeInTheDocument();
  });

  it('answers 没有权限 on a page the operator’s roles do not open', async () => {
    signedInAs(['borrower.read']);
    renderAt(routes, '/audit');
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(screen.queryByText('审计内容')).not.toBeInTheDocument();
  });
});
