import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { security } from './account-fixtures';
import { SecurityCard } from './SecurityCard';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

function setup(views: ReturnType<typeof security>[]) {
  let asked = 0;
  api = fakeApi((r) => {
    if (r.url === API.accountSecurity) return ok(views[Math.min(asked++, views.length - 1)]);
    if (r.url === API.signOutOthers) return ok({ revoked: 2 });
    return ok(null);
  });
  renderRoutes([{ path: '/account/myAccount', element: <SecurityCard /> }], ['/account/myAccount']);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe('账户安全', () => {
  it('shows when the password was changed and the recent sign-ins with how and from where', async () => {
    setup([security()]);
    await shown('Chrome · Windows · IP 10.0.0.8');
    expect(screen.getByTestId('pwd-time')).toHaveTextContent('（53 天前）');
    const rows = within(screen.getByRole('list', { name: '最近登录' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('密码登录')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Safari · iOS · IP —')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('短信验证码登录')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('合作方链接登录')).toBeInTheDocument();
    // the sign-in of this session, and only it, is 当前设备
    expect(within(rows[1] as HTMLElement).getByText('当前设备')).toBeInTheDocument();
    expect(screen.getAllByText('当前设备')).toHaveLength(1);
    expect(screen.queryByText(/超过 90 天未修改/)).toBeNull();
  });

  it('nudges after 90 days', async () => {
    setup([security({ pwdAgeDays: 120, pwdNudge: true })]);
    await shown('您的密码已超过 90 天未修改，建议尽快修改密码以保障账户安全');
    expect(screen.getByRole('link', { name: '去修改' })).toHaveAttribute('href', '/account/reset');
  });

  it('signs out the other sessions after a confirmation', async () => {
    const user = setup([security(), security({ otherSessions: 0 })]);
    await user.click(await screen.findByRole('button', { name: '退出其他设备（2）' }));
    await shown('将退出其他 2 个设备上的登录，当前设备不受影响。');
    expect(api?.requests.some((r) => r.url === API.signOutOthers)).toBe(false);
    await user.click(screen.getByRole('button', { name: '确认退出' }));
    await shown('已退出其他 2 个设备的登录');
    await waitFor(() => expect(screen.getByRole('button', { name: '退出其他设备' })).toBeDisabled());
  });

  it('says when there are no sign-ins yet', async () => {
    setup([security({ signIns: [], pwdTime: null, pwdAgeDays: null, otherSessions: 0 })]);
    await shown('暂无登录记录');
    expect(screen.getByTestId('pwd-time')).toHaveTextContent('从未修改');
  });
});
