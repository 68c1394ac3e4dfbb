import { decryptField, type UserInfo } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { FIELD_CIPHER } from '../../config';
import { saveLogin, saveUserInfo } from '../../session/session';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown } from '../../test/render';

const NEWBIE: UserInfo = {
  assetsCodes: ['AC009'],
  loginId: 'newbie',
  userNameCn: '李新',
  email: 'newbie@example.com',
  uptPwdTime: null,
  paidMethod: null,
  openBank: null,
  subAccNo: null,
  onlyPages: [],
  phone: null,
};

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());
beforeEach(() => {
  saveLogin('tok-old');
  saveUserInfo(NEWBIE);
});

function serve(modifyPwd: () => ReturnType<typeof ok>) {
  api = fakeApi((request) => {
    if (request.url === '/users/modifyPwd') return modifyPwd();
    if (request.url === '/users/getUserInfo')
      return ok({ ...NEWBIE, uptPwdTime: '2025-01-01T09:00:00+08:00' });
    if (request.url === '/users/toUserAllCheck') return ok({ steps: [], ready: true });
    return ok({ sandbox: false, environment: 'test' });
  });
  return api;
}

async function fill(user: ReturnType<typeof userEvent.setup>, old: string, next: string, confirm: string) {
  await fillIn(user, await screen.findByPlaceholderText('请输入原密码'), old);
  await fillIn(user, screen.getByPlaceholderText('请输入新密码'), next);
  await fillIn(user, screen.getByPlaceholderText('请再次输入新密码'), confirm);
  await user.click(screen.getByRole('button', { name: /确\s*认\s*修\s*改/ }));
}

describe('change password', () => {
  it('tells a user who never changed the password why they are here', async () => {
    serve(() => ok({ accessToken: 'tok-new' }));
    renderRoutes(appRoutes, ['/account/reset']);
    await shown('首次登录请先修改初始密码');
  });

  it('applies the password policy', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-new' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/account/reset']);
    await fill(user, 'Newbie1234', 'short1', 'short1');
    await shown('密码长度需为8-64位');
    await user.clear(screen.getByPlaceholderText('请输入新密码'));
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), 'newbie');
    await shown('密码长度需为8-64位');
    await user.clear(screen.getByPlaceholderText('请输入新密码'));
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), '12345678');
    await shown('密码需包含字母');
    expect(fake.requests.some((r) => r.url === '/users/modifyPwd')).toBe(false);
  });

  it('refuses a confirmation that does not match, and a new password equal to the old', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-new' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/account/reset']);
    await fill(user, 'Newbie1234', 'Newbie1234', 'Newbie12345');
    await shown('两次输入的密码不一致');
    await shown('新密码不能与原密码相同');
    expect(fake.requests.some((r) => r.url === '/users/modifyPwd')).toBe(false);
  });

  it('changes the password (both encrypted), keeps the new token and goes to 贷款信息', async () => {
    const fake = serve(() => ok({ accessToken: 'tok-new' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderRoutes(appRoutes, ['/account/reset']);
    await fill(user, 'Newbie1234', 'Changed5678', 'Changed5678');

    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
    const body = fake.requests.find((r) => r.url === '/users/modifyPwd')?.data as {
      oldPassword: string;
      newPassword: string;
    };
    expect(decryptField(body.oldPassword, FIELD_CIPHER)).toBe('Newbie1234');
    expect(decryptField(body.newPassword, FIELD_CIPHER)).toBe('Changed5678');
    expect(sessionStorage.getItem('accessToken')).toBe('tok-new');
    expect(sessionStorage.getItem('pwdTime')).toBe('2025-01-01T09:00:00+08:00');
  });

  it('shows a wrong old password next to its field', async () => {
    serve(() => fail('2007', '原密码错误'));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/account/reset']);
    await fill(user, 'Wrong1234', 'Changed5678', 'Changed5678');
    const text = await screen.findByText('原密码错误');
    expect(text.closest('.ant-form-item')).toContainElement(screen.getByPlaceholderText('请输入原密码'));
    expect(sessionStorage.getItem('accessToken')).toBe('tok-old');
  });

  it('too many wrong old passwords: shows the lock, forgets the session and goes to the login page', async () => {
    const text = '原密码错误次数过多，账号已锁定15分钟，请重新登录';
    serve(() => fail('2012', text));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderRoutes(appRoutes, ['/account/reset']);
    await fill(user, 'Wrong1234', 'Changed5678', 'Changed5678');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    await shown(text);
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });
});
