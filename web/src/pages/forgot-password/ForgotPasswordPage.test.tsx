import { decryptField, RSP, rspText } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { FIELD_CIPHER } from '../../config';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown } from '../../test/render';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function serve(findPwd: () => ReturnType<typeof ok> = () => ok(null)) {
  api = fakeApi((request) => {
    if (request.url === '/application_vue/sendFindPwdCode') return ok(null);
    if (request.url === '/application_vue/findPwd') return findPwd();
    return ok({ sandbox: false, environment: 'test' });
  });
  return api;
}

async function toStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await fillIn(user, await screen.findByPlaceholderText('请输入登录账号'), 'forgetful');
  await user.click(screen.getByText('邮箱', { exact: true }));
  await user.click(screen.getByRole('button', { name: /获取验证码/ }));
  await screen.findByPlaceholderText('请输入验证码');
}

describe('forgot password', () => {
  it('goes account → code and new password → done, sending the new password encrypted', async () => {
    const fake = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/user/forgot']);
    await toStepTwo(user);

    expect(fake.requests.find((r) => r.url === '/application_vue/sendFindPwdCode')?.data).toEqual({
      loginId: 'forgetful',
      channel: 'email',
    });
    expect(screen.getByRole('button', { name: /\d+ 秒后重新获取/ })).toBeDisabled();

    await fillIn(user, screen.getByPlaceholderText('请输入验证码'), '123456');
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), 'Remember9876');
    await fillIn(user, screen.getByPlaceholderText('请再次输入新密码'), 'Remember9876');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));

    await shown('密码已重置');
    const body = fake.requests.find((r) => r.url === '/application_vue/findPwd')?.data as {
      loginId: string;
      code: string;
      newPassword: string;
    };
    expect(body.loginId).toBe('forgetful');
    expect(body.code).toBe('123456');
    expect(decryptField(body.newPassword, FIELD_CIPHER)).toBe('Remember9876');
    expect(screen.getByRole('button', { name: /去登录/ })).toBeInTheDocument();
  });

  it('checks the password policy and the confirmation before calling the server', async () => {
    const fake = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/user/forgot']);
    await toStepTwo(user);

    await fillIn(user, screen.getByPlaceholderText('请输入验证码'), '123456');
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), 'abcdefgh');
    await fillIn(user, screen.getByPlaceholderText('请再次输入新密码'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));

    await shown('密码需包含数字');
    await shown('两次输入的密码不一致');
    expect(fake.requests.some((r) => r.url === '/application_vue/findPwd')).toBe(false);
  });

  it('shows a wrong code next to the code field', async () => {
    serve(() => fail('2003', '验证码不正确，请核对后重新输入'));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/user/forgot']);
    await toStepTwo(user);
    await fillIn(user, screen.getByPlaceholderText('请输入验证码'), '000000');
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), 'Remember9876');
    await fillIn(user, screen.getByPlaceholderText('请再次输入新密码'), 'Remember9876');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));

    const text = await screen.findByText('验证码不正确，请核对后重新输入');
    expect(text.closest('.ant-form-item')).toContainElement(screen.getByPlaceholderText('请输入验证码'));
    await waitFor(() => expect(screen.queryByText('密码已重置')).not.toBeInTheDocument());
  });

  it('shows the refused current password next to the new password field', async () => {
    serve(() => fail(RSP.SAME_PASSWORD, rspText(RSP.SAME_PASSWORD)));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoutes(appRoutes, ['/user/forgot']);
    await toStepTwo(user);
    await fillIn(user, screen.getByPlaceholderText('请输入验证码'), '123456');
    await fillIn(user, screen.getByPlaceholderText('请输入新密码'), 'Current1234');
    await fillIn(user, screen.getByPlaceholderText('请再次输入新密码'), 'Current1234');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));

    const text = await screen.findByText('新密码不能与原密码相同');
    expect(text.closest('.ant-form-item')).toContainElement(screen.getByPlaceholderText('请输入新密码'));
    expect(screen.getAllByText('新密码不能与原密码相同')).toHaveLength(1);
  });
});
