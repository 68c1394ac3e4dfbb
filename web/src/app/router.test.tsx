import type { UserInfo } from '@loan/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin, saveUserInfo } from '../session/session';
import { DEMO_USER_INFO, NEWBIE_USER_INFO } from '../test/fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../test/render';
import { appRoutes } from './routes';

const DEMO = DEMO_USER_INFO;
const NEWBIE = NEWBIE_USER_INFO;

function signIn(info: UserInfo) {
  saveLogin('tok');
  saveUserInfo(info);
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((request) => {
    if (request.url === '/users/toUserAllCheck') return ok({ steps: [], ready: false });
    if (request.url === '/application_vue/clientConfig') return ok({ sandbox: true, environment: 'test' });
    return ok(null);
  });
});
afterEach(() => api.restore());

const open = (path: string) => renderRoutes(appRoutes, [path]);

/** Lazy routes import their page modules on first use, which takes seconds on a loaded machine. */

async function landsOn(router: ReturnType<typeof open>['router'], pathname: string, title: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  await waitFor(() => expect(document.title).toBe(title));
}

describe('router wiring of the guard', () => {
  it('a deep link without a token goes to login, remembering where it was going', async () => {
    const { router } = open('/record/loanRecord');
    await landsOn(router, '/bmss/toLogin', '登录');
    expect(router.state.location.search).toBe('?redirect=%2Frecord%2FloanRecord');
    expect(await screen.findByPlaceholderText('请输入登录账号')).toBeInTheDocument();
  });

  it('an unmatched path goes to /404, with or without a token', async () => {
    const first = open('/no/such/page');
    await landsOn(first.router, '/404', '页面不存在');
    await shown('抱歉，您访问的页面不存在');
    first.unmount();

    signIn(DEMO);
    const second = open('/apply/NoSuchProduct');
    await landsOn(second.router, '/404', '页面不存在');
  });

  it('open pages open without a session', async () => {
    const { router } = open('/about');
    await landsOn(router, '/about', '关于我们');
  });

  it('first load of a page by a newbie (from the root path) goes to /403', async () => {
    signIn(NEWBIE);
    const { router } = open('/apply/LoanInfo');
    await landsOn(router, '/403', '无权访问');
    expect(await screen.findByRole('button', { name: /修改密码/ })).toBeInTheDocument();
  });

  it('a newbie may open /account/reset, and navigating on from there proceeds', async () => {
    signIn(NEWBIE);
    const { router } = open('/account/reset');
    await landsOn(router, '/account/reset', '修改密码');
    // the menu offers only what the guard opens on a fresh load: no 贷款记录 (which would answer /403)
    await act(async () => (await screen.findByRole('button', { name: '打开导航菜单' })).click());
    const menu = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(menu).toHaveTextContent('我的账户'));
    expect(menu).not.toHaveTextContent('贷款记录');
    expect(menu).not.toHaveTextContent('贷款申请');
    await act(() => router.navigate('/record/loanRecord'));
    await landsOn(router, '/record/loanRecord', '贷款记录');
  });

  it('a signed-in user at / lands on /apply/LoanInfo titled 贷款信息', async () => {
    signIn(DEMO);
    const { router } = open('/');
    await landsOn(router, '/apply/LoanInfo', '贷款信息');
    expect((await screen.findAllByText('张明')).length).toBeGreaterThan(0);
  });

  it.each([
    ['/apply/LoanInfo_YNIT/1/P001/01', '/apply/LoanInfo_YNIT/1/P001/01', '贷款信息'],
    ['/apply/LoanInfo_CRBANK/MC0001', '/apply/LoanInfo_CRBANK/MC0001', '贷款信息'],
    ['/record', '/record/loanRecord', '贷款记录'],
    ['/trading', '/trading/tradingRecord', '交易记录'],
    ['/account', '/account/myAccount', '我的账户'],
    ['/service', '/service/serviceDetail', '服务费'],
    ['/lock', '/lock/toApplyAccountPage', '收款账户'],
    ['/user', '/user/forgot', '找回密码'],
  ])('%s → %s titled %s', async (path, pathname, title) => {
    signIn(DEMO);
    const { router } = open(path);
    await landsOn(router, pathname, title);
  });

  it('/apply/loanDetail keeps the title 贷款信息 and is headed and crumbed 贷款计算器', async () => {
    signIn(DEMO);
    const { router } = open('/apply/loanDetail');
    await landsOn(router, '/apply/loanDetail', '贷款信息');
    const heading = await screen.findByRole('heading', { name: '贷款计算器', level: 4 });
    expect(heading).toHaveClass('page-title');
    const crumbs = [...document.querySelectorAll('.ant-breadcrumb li')].map((li) => li.textContent);
    expect(crumbs.filter(Boolean).at(-1)).toBe('贷款计算器');
    expect(crumbs).toContain('贷款申请');
  });

  it('a 401 from a page clears the session and returns to login, which says the session expired', async () => {
    api.restore();
    api = fakeApi((request) =>
      request.url === '/users/toUserAllCheck' ? { status: 401, body: {} } : ok({ sandbox: false }),
    );
    signIn(DEMO);
    const { router } = open('/apply/LoanInfo');
    await landsOn(router, '/bmss/toLogin', '登录');
    await shown('登录已失效，请重新登录');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    // the notice stays until the next sign-in (saveLogin clears it), however often the login page opens
    expect(sessionStorage.getItem('point')).toBe('401');
  });
});
