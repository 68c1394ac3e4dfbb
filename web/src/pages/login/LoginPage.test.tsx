import { decryptField, type UserInfo } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { FIELD_CIPHER } from '../../config';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, type fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { fakeSignInApi, fillAndSubmitSignIn } from '../../test/sign-in-form';

const DEMO = DEMO_USER_INFO;

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function serve(login: () => ReturnType<typeof ok>, info: UserInfo = DEMO) {
  api = fakeSignInApi(login, info, { sandbox: false, environment: 'test' });
  return api;
}

describe('login page', () => {
  it('sends the password encrypted, keeps the session and goes on', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-new', mustChangePassword: false }));
    const { router } = renderRoutes(appRoutes, ['/bmss/toLogin']);
    await fillAndSubmitSignIn('demo', 'Demo1234');

    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
    const login = fake.requests.find((r) => r.url === '/application_vue/userLogin');
    const body = login?.data as { loginId: string; password: string };
    expect(body.loginId).toBe('demo');
    expect(body.password).not.toContain('Demo1234');
    expect(decryptField(body.password, FIELD_CIPHER)).toBe('Demo1234');
    expect(login?.timeout).toBe(20000);
    // the user-info call carried the new token
    expect(fake.requests.find((r) => r.url === '/users/getUserInfo')?.headers.accessToken).toBe('tok-new');
    expect(sessionStorage.getItem('accessToken')).toBe('tok-new');
    expect(sessionStorage.getItem('loginName')).toBe('张明');
  });

  it('shows rspDesc of a refused login in the form Alert and stays', async () => {
    serve(() => fail('2001', '账号或密码错误'));
    const { router } = renderRoutes(appRoutes, ['/bmss/toLogin']);
    await fillAndSubmitSignIn('demo', 'Wrong1234');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('账号或密码错误');
    expect(alert.closest('.ant-alert')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/bmss/toLogin');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  it('says the session expired after a 401, on every visit until the user signs in again', async () => {
    serve(() => ok({ accessToken: 'tok-new', mustChangePassword: false }));
    sessionStorage.setItem('point', '401');
    const first = renderRoutes(appRoutes, ['/bmss/toLogin']);
    await shown('登录已失效，请重新登录');
    first.unmount();
    // shown again when the page is opened again (a reload, the HTTP layer's own redirect after the guard's)
    const { router } = renderRoutes(appRoutes, ['/bmss/toLogin']);
    await shown('登录已失效，请重新登录');
    await fillAndSubmitSignIn('demo', 'Demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
    expect(sessionStorage.getItem('point')).toBeNull();
  });

  it('asks for required fields without calling the server', async () => {
    const fake = serve(() => ok(null));
    renderRoutes(appRoutes, ['/bmss/toLogin']);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    await shown('请输入登录账号');
    await shown('请输入密码');
    expect(fake.requests.some((r) => r.url === '/application_vue/userLogin')).toBe(false);
  });

  it('sends a user who must change the password to /account/reset with a notice', async () => {
    serve(() => ok({ accessToken: 'tok-new', mustChangePassword: true }), { ...DEMO, uptPwdTime: null });
    const { router } = renderRoutes(appRoutes, ['/bmss/toLogin?redirect=%2Frecord%2FloanRecord']);
    await fillAndSubmitSignIn('newbie', 'Newbie1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/reset'));
    expect((await screen.findAllByText(/首次登录请先修改初始密码/)).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('pwdTime')).toBeNull();
  });

  it('follows a same-site redirect after signing in', async () => {
    serve(() => ok({ accessToken: 'tok-new', mustChangePassword: false }));
    const { router } = renderRoutes(appRoutes, ['/bmss/toLogin?redirect=%2Frecord%2FloanRecord']);
    await fillAndSubmitSignIn('demo', 'Demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/record/loanRecord'));
  });
});
