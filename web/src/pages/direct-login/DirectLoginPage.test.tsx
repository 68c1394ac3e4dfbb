import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function serve(directLogin: () => ReturnType<typeof ok>) {
  api = fakeApi((request) => {
    if (request.url === '/application_vue/directLogin') return directLogin();
    if (request.url === '/users/getUserInfo') return ok(DEMO_USER_INFO);
    if (request.url === '/users/toUserAllCheck') return ok({ steps: [], ready: true });
    return ok({ sandbox: false, environment: 'test' });
  });
  return api;
}

describe('password-free login', () => {
  it('signs in with the ticket, once, and goes on', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-direct', mustChangePassword: false }));
    const { router } = renderRoutes(appRoutes, ['/directLogin?ticket=abc.def']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
    const calls = fake.requests.filter((r) => r.url === '/application_vue/directLogin');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.data).toEqual({ ticket: 'abc.def' });
    expect(sessionStorage.getItem('loginId')).toBe('demo');
  });

  it('a bad ticket shows rspDesc and the way to the normal login', async () => {
    serve(() => fail('2008', '登录链接无效或已过期，请重新从合作方页面进入'));
    renderRoutes(appRoutes, ['/directLogin?ticket=used']);
    await shown('登录链接无效或已过期，请重新从合作方页面进入');
    expect(screen.getByRole('button', { name: '使用账号密码登录' })).toBeInTheDocument();
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  it('without a ticket it says so and calls nothing', async () => {
    const fake = serve(() => ok(null));
    renderRoutes(appRoutes, ['/directLogin']);
    await shown(/缺少登录凭证/);
    expect(fake.requests.some((r) => r.url === '/application_vue/directLogin')).toBe(false);
  });
});
