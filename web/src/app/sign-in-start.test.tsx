import { decryptField, type UserInfo } from '@loan/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_CIPHER } from '../config';
import { DEMO_USER_INFO } from '../test/fixtures';
import { fail, type fakeApi, fillIn, ok, shown } from '../test/render';
import { fakeSignInApi, fillAndSubmitSignIn } from '../test/sign-in-form';
import { SignInPage } from './sign-in-start';

const CONFIG = {
  sandbox: true,
  environment: 'test',
  support: { phone: '400-820-1234', email: 'support@example.com', hours: '工作日 09:00–18:00' },
};

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  window.history.replaceState(null, '', '/');
});

function serve(login: () => ReturnType<typeof ok> | { error: 'network' }, info: UserInfo = DEMO_USER_INFO) {
  api = fakeSignInApi(login, info, CONFIG);
  return api;
}

/** The page as the browser takes it over, with a handover that records where it would hand over to. */
function open(path = '/bmss/toLogin') {
  window.history.replaceState(null, '', path);
  const enter = vi.fn(async (_to: string, _replace: boolean, _options?: object) => undefined);
  render(<SignInPage handover={{ enter }} />);
  return enter;
}

describe('the sign-in page before the app', () => {
  it('signs in with the password encrypted, keeps the session and hands over to the app', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-new', mustChangePassword: false }));
    const enter = open();
    // the footer's support line and sandbox tag come from the server's client config
    await shown('沙箱环境');
    await fillAndSubmitSignIn(' demo ', 'Demo1234');

    await waitFor(() => expect(enter).toHaveBeenCalledTimes(1));
    // the root, which the app's router sends on to the landing page (as after a sign-in inside the app)
    expect(enter).toHaveBeenCalledWith('/', true, { clientConfig: CONFIG, notice: undefined });
    const body = fake.requests.find((r) => r.url === '/application_vue/userLogin')?.data as {
      loginId: string;
      password: string;
    };
    expect(body.loginId).toBe('demo');
    expect(decryptField(body.password, FIELD_CIPHER)).toBe('Demo1234');
    expect(sessionStorage.getItem('accessToken')).toBe('tok-new');
    expect(sessionStorage.getItem('loginName')).toBe('张明');
    expect(document.title).toBe('登录');
  });

  it('follows a same-site redirect after signing in', async () => {
    serve(() => ok({ accessToken: 'tok-new', mustChangePassword: false }));
    const enter = open('/bmss/toLogin?redirect=%2Frecord%2FloanRecord');
    await fillAndSubmitSignIn('demo', 'Demo1234');
    await waitFor(() => expect(enter).toHaveBeenCalledWith('/record/loanRecord', true, expect.anything()));
  });

  it('a user who never changed the password goes to /account/reset with the notice', async () => {
    serve(() => ok({ accessToken: 'tok-new', mustChangePassword: true }), {
      ...DEMO_USER_INFO,
      uptPwdTime: null,
    });
    const enter = open('/bmss/toLogin?redirect=%2Frecord%2FloanRecord');
    await fillAndSubmitSignIn('newbie', 'Newbie1234');
    await waitFor(() =>
      expect(enter).toHaveBeenCalledWith('/account/reset', true, {
        clientConfig: CONFIG,
        notice: '首次登录请先修改初始密码',
      }),
    );
  });

  it('shows a refusal in the form alert and stays; the alert can be closed', async () => {
    serve(() => fail('2001', '账号或密码错误'));
    const enter = open();
    const user = await fillAndSubmitSignIn('demo', 'Wrong1234');
    const alert = await screen.findByText('账号或密码错误');
    expect(alert.closest('.ant-alert')).not.toBeNull();
    expect(enter).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText('账号或密码错误')).toBeNull());
  });

  it('says a failed connection above the form (antd toasts have not loaded yet)', async () => {
    serve(() => ({ error: 'network' }));
    const enter = open();
    await fillAndSubmitSignIn('demo', 'Demo1234');
    await shown('网络请求异常，请稍后重试');
    expect(enter).not.toHaveBeenCalled();
    // the button is usable again
    await waitFor(() => expect(screen.getByRole('button', { name: /登\s*录/ })).toBeEnabled());
  });

  it('asks for the required fields next to them, without calling the server', async () => {
    const fake = serve(() => ok(null));
    open();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await fillIn(user, await screen.findByPlaceholderText('请输入登录账号'), '   ');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await shown('请输入登录账号');
    await shown('请输入密码');
    expect(screen.getByPlaceholderText('请输入登录账号')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByPlaceholderText('请输入登录账号')).toHaveAttribute('aria-describedby', 'loginId_help');
    expect(fake.requests.some((r) => r.url === '/application_vue/userLogin')).toBe(false);
    // typing a password clears its message
    await fillIn(user, screen.getByPlaceholderText('请输入密码'), 'x');
    await waitFor(() => expect(screen.queryByText('请输入密码')).toBeNull());
  });

  it('shows and hides the password', async () => {
    serve(() => ok(null));
    open();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const password = await screen.findByPlaceholderText('请输入密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('its links hand the page over to the app at their path, as links the browser could follow', async () => {
    serve(() => ok(null));
    const enter = open();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const forgot = await screen.findByRole('link', { name: '忘记密码' });
    expect(forgot).toHaveAttribute('href', '/user/forgot');
    await user.click(forgot);
    expect(enter).toHaveBeenCalledWith('/user/forgot', false, expect.anything());
    await user.click(screen.getByRole('link', { name: /短信验证码登录/ }));
    expect(enter).toHaveBeenLastCalledWith('/materialLogin', false, expect.anything());
  });
});
