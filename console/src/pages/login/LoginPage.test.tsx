import { RSP } from '@loan/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsApiError } from '../../api/http';
import { readOpsSession } from '../../app/session';
import { operator, renderAt } from '../../test/render';
import LoginPage from './LoginPage';

const steps = vi.hoisted(() => ({
  password: vi.fn(),
  totp: vi.fn(),
  recovery: vi.fn(),
  enrolStart: vi.fn(),
  changePassword: vi.fn(),
  enrolConfirm: vi.fn(),
}));
vi.mock('../../api/ops', () => ({ signInSteps: steps }));

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/', element: <p>工作台已打开</p> },
];
const signedIn = (recoveryCodes: string[] | null) => ({
  opsToken: 'ops-token-abcdefghijklmnop',
  operator: operator(['audit.read']),
  recoveryCodes,
});

async function passPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('登录账号'), 'ops-admin');
  await user.type(screen.getByLabelText('密码'), 'Console2026');
  await user.click(screen.getByRole('button', { name: '下一步' }));
  return user;
}

beforeEach(() => {
  for (const step of Object.values(steps)) step.mockReset();
});

describe('the console’s sign-in', () => {
  it('asks for the operator’s own password first when the one given was a one-time password', async () => {
    steps.password.mockResolvedValue({ next: 'CHANGE_PASSWORD', challenge: 'challenge-abcdefghijklmnop' });
    steps.changePassword
      .mockRejectedValueOnce(new OpsApiError(RSP.INVALID_INPUT, '新密码不能与初始密码相同', 200))
      .mockResolvedValueOnce({ next: 'ENROL', challenge: 'challenge-abcdefghijklmnop' });
    steps.enrolStart.mockReturnValue(new Promise(() => {}));
    renderAt(routes, '/login');
    const user = await passPassword();
    expect(await screen.findByText('请设置您自己的登录密码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), 'short1');
    await user.type(screen.getByLabelText('再次输入新密码'), 'other1');
    await user.click(screen.getByRole('button', { name: '设置密码并继续' }));
    expect(await screen.findByText('密码长度需为8-64位')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(steps.changePassword).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'MyOwnPass2026');
    await user.clear(screen.getByLabelText('再次输入新密码'));
    await user.type(screen.getByLabelText('再次输入新密码'), 'MyOwnPass2026');
    await user.click(screen.getByRole('button', { name: '设置密码并继续' }));
    expect(await screen.findByText('新密码不能与初始密码相同')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '设置密码并继续' }));
    expect(await screen.findByText('首次登录须绑定验证器')).toBeInTheDocument();
    expect(steps.changePassword).toHaveBeenLastCalledWith('challenge-abcdefghijklmnop', 'MyOwnPass2026');
  });

  it('takes the password, then the authenticator’s code, and opens the console', async () => {
    steps.password.mockResolvedValue({ next: 'TOTP', challenge: 'challenge-abcdefghijklmnop' });
    steps.totp.mockResolvedValue(signedIn(null));
    const router = renderAt(routes, '/login');
    const user = await passPassword();
    expect(steps.password).toHaveBeenCalledWith('ops-admin', 'Console2026');
    await user.type(await screen.findByLabelText('动态验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('工作台已打开')).toBeInTheDocument();
    expect(steps.totp).toHaveBeenCalledWith('challenge-abcdefghijklmnop', '123456');
    expect(router.state.location.pathname).toBe('/');
    expect(readOpsSession()?.opsToken).toBe('ops-token-abcdefghijklmnop');
  });

  it('shows a wrong password under the field and stays on the first step', async () => {
    steps.password.mockRejectedValue(new OpsApiError(RSP.WRONG_CREDENTIALS, '账号或密码错误', 200));
    renderAt(routes, '/login');
    await passPassword();
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(screen.queryByLabelText('动态验证码')).not.toBeInTheDocument();
    expect(readOpsSession()).toBeNull();
  });

  it('binds an authenticator at the first sign-in and shows the recovery codes once', async () => {
    steps.password.mockResolvedValue({ next: 'ENROL', challenge: 'challenge-abcdefghijklmnop' });
    steps.enrolStart.mockResolvedValue({
      secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      otpauthUrl: 'otpauth://totp/x',
      qrDataUrl: 'data:image/png;base64,AAAA',
    });
    steps.enrolConfirm.mockResolvedValue(signedIn(['1a2b3-4c5d6', 'aaaaa-bbbbb']));
    renderAt(routes, '/login');
    const user = await passPassword();
    expect(await screen.findByAltText('绑定验证器的二维码')).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
    await user.type(screen.getByLabelText('验证器显示的 6 位动态验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '完成绑定' }));
    expect(await screen.findByText('1a2b3-4c5d6')).toBeInTheDocument();
    expect(screen.getByText('aaaaa-bbbbb')).toBeInTheDocument();
    // the session starts only once the codes were seen
    expect(readOpsSession()).toBeNull();
    await user.click(screen.getByRole('button', { name: '我已保存，进入运营后台' }));
    expect(await screen.findByText('工作台已打开')).toBeInTheDocument();
    expect(readOpsSession()?.operator.loginId).toBe('ops-test');
  });

  it('says a wrong code under the field, and goes back to the password when the challenge ended', async () => {
    steps.password.mockResolvedValue({ next: 'TOTP', challenge: 'challenge-abcdefghijklmnop' });
    steps.totp
      .mockRejectedValueOnce(
        new OpsApiError(
          RSP.OPS_BAD_SECOND_FACTOR,
          '动态验证码错误或已使用，请输入验证器中最新的 6 位数字',
          200,
        ),
      )
      .mockRejectedValueOnce(
        new OpsApiError(RSP.OPS_CHALLENGE_EXPIRED, '登录已超时，请重新输入账号和密码', 200),
      );
    renderAt(routes, '/login');
    const user = await passPassword();
    const field = await screen.findByLabelText('动态验证码');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(
      await screen.findByText('动态验证码错误或已使用，请输入验证器中最新的 6 位数字'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '222222');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录已超时，请重新输入账号和密码')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '下一步' })).toBeInTheDocument();
  });

  it('signs in with a recovery code instead of the phone', async () => {
    steps.password.mockResolvedValue({ next: 'TOTP', challenge: 'challenge-abcdefghijklmnop' });
    steps.recovery.mockResolvedValue(signedIn(null));
    renderAt(routes, '/login');
    const user = await passPassword();
    await user.click(await screen.findByRole('button', { name: '手机不在身边？使用恢复码' }));
    await user.type(await screen.findByLabelText('恢复码'), '1a2b3-4c5d6');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('工作台已打开')).toBeInTheDocument();
    expect(steps.recovery).toHaveBeenCalledWith('challenge-abcdefghijklmnop', '1a2b3-4c5d6');
  });

  it('says why after the console signed the operator out for idleness', async () => {
    renderAt(routes, '/login?reason=expired');
    expect(await screen.findByText('长时间未操作，已退出运营后台，请重新登录')).toBeInTheDocument();
  });
});
