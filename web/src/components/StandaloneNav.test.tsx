import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../app/routes';
import { saveLogin, saveUserInfo } from '../session/session';
import { DEMO_USER_INFO } from '../test/fixtures';
import { fakeApi, ok, renderRoutes } from '../test/render';
import { agreementText } from './agreement/agreement-fixtures';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => {
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  api = fakeApi((r) => {
    if (r.url === API.applicationList) return ok({ items: [] });
    if (r.url === API.agreementText) return ok(agreementText('GENERAL'));
    return ok(null);
  });
});
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

const header = async () => {
  const nav = await screen.findByRole('navigation', { name: '页面导航' });
  return nav.closest('header') as HTMLElement;
};

describe('the slim header of the pages outside the signed-in layout', () => {
  it.each(['/agreement', '/application', '/application/enter', '/auditing'])(
    '%s: the product name, 返回 and the user menu',
    async (path) => {
      renderRoutes(appRoutes, [path]);
      const bar = await header();
      expect(within(bar).getByRole('link', { name: '跨境电商融资服务平台' })).toBeInTheDocument();
      expect(within(bar).getByRole('button', { name: /返回/ })).toBeInTheDocument();
      expect(within(bar).getByRole('button', { name: /账户菜单/ })).toBeInTheDocument();
    },
  );

  it('返回 goes to the page before', async () => {
    const { router } = renderRoutes(appRoutes, ['/account/myAccount', '/auditing']);
    const bar = await header();
    await userEvent.click(within(bar).getByRole('button', { name: /返回/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/myAccount'));
  });

  it('opened first, 返回 goes to the loan products', async () => {
    const { router } = renderRoutes(appRoutes, ['/application']);
    const bar = await header();
    await userEvent.click(within(bar).getByRole('button', { name: /返回/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
  });
});
