import { API, decryptField } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIELD_CIPHER } from '../../config';
import { saveLogin } from '../../session/session';
import { fail, fakeApi, ok, renderRoutes, shownIn } from '../../test/render';
import { overview } from './account-fixtures';
import { ProfileCard } from './ProfileCard';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

type Reply = ReturnType<typeof ok>;

function setup(profile = overview().profile, answers: { send?: () => Reply; change?: () => Reply } = {}) {
  api = fakeApi((r) => {
    if (r.url === API.sendContactCode) return answers.send?.() ?? ok(null);
    if (r.url === API.changeContact)
      return answers.change?.() ?? ok({ phoneMasked: '139****9000', emailMasked: 'd***@example.com' });
    return ok(null);
  });
  const onChanged = vi.fn();
  renderRoutes(
    [
      { path: '/account/myAccount', element: <ProfileCard profile={profile} onChanged={onChanged} /> },
      { path: '/lock/toApplyAccountPage', element: <div>receiving page</div> },
    ],
    ['/account/myAccount'],
  );
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), onChanged };
}

const sent = (url: string) => api?.requests.filter((r) => r.url === url).map((r) => r.data) ?? [];
/** The contact changes sent, their password deciphered as the server does. */
const plainBodies = () =>
  sent(API.changeContact).map((body) => {
    const { password, ...rest } = body as Record<string, string>;
    return { ...rest, password: decryptField(String(password), FIELD_CIPHER) };
  });

describe('个人资料', () => {
  it('shows the masked contacts, company, certification, store with expiry and the receiving account', () => {
    setup();
    expect(screen.getByText('张三')).toBeInTheDocument();
    expect(screen.getByText('138****8000')).toBeInTheDocument();
    expect(screen.getByText('d***@example.com')).toBeInTheDocument();
    expect(screen.getByText('深圳市示例科技有限公司')).toBeInTheDocument();
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getByText('已授权')).toBeInTheDocument();
    expect(screen.getByText('有效期至 2027-07-01')).toBeInTheDocument();
    const receiving = screen.getByTestId('receiving-status');
    expect(within(receiving).getByText('已开立')).toBeInTheDocument();
    expect(within(receiving).getByText('6222 **** **** 1234')).toBeInTheDocument();
    expect(within(receiving).getByText('已指向')).toBeInTheDocument();
    expect(within(receiving).getByRole('link', { name: '管理收款账户' })).toHaveAttribute(
      'href',
      '/lock/toApplyAccountPage',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a diverted payout first, prominently, with a way to fix it', async () => {
    const base = overview().profile;
    const { user } = setup({
      ...base,
      receiving: { ...base.receiving, payout: 'DIVERTED', payoutLabel: '异常' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('收款账户异常：店铺回款未指向收款子账户');
    expect(within(screen.getByTestId('receiving-status')).getByText('异常')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '去处理' }));
    await screen.findByText('receiving page');
  });

  it('offers to open a receiving account when there is none, and to bind a missing e-mail', () => {
    const base = overview().profile;
    setup({
      ...base,
      emailMasked: null,
      receiving: {
        state: null,
        label: '未开立',
        bankName: null,
        accountNoMasked: null,
        payout: 'NOT_POINTED',
        payoutLabel: '未指向',
      },
    });
    expect(screen.getByText('未开立')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去开立收款账户' })).toBeInTheDocument();
    expect(screen.getByText('未绑定')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改邮箱' })).toHaveTextContent('绑定');
  });
});

describe('修改手机号 / 邮箱', () => {
  it('checks the new phone before sending, sends the code to it, and changes it with the code', async () => {
    const { user, onChanged } = setup();
    await user.click(screen.getByRole('button', { name: '修改手机号' }));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText('新手机号');
    await user.type(phone, '12345');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, '请输入11位手机号');
    expect(sent(API.sendContactCode)).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '13900009000');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, /60 秒后重新获取|59 秒后重新获取/);
    expect(sent(API.sendContactCode)).toEqual([{ channel: 'sms', target: '13900009000' }]);

    await user.type(within(dialog).getByPlaceholderText('请输入验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: '确认修改' }));
    await shownIn(dialog, '请输入当前登录密码');
    expect(sent(API.changeContact)).toEqual([]);

    await user.type(within(dialog).getByLabelText('当前登录密码'), 'Demo1234');
    await user.click(within(dialog).getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(plainBodies()).toEqual([
      { channel: 'sms', target: '13900009000', code: '123456', password: 'Demo1234' },
    ]);
    expect(JSON.stringify(sent(API.changeContact))).not.toContain('Demo1234');
  });

  it('says a wrong current password under its field, changing nothing', async () => {
    const { user, onChanged } = setup(undefined, {
      change: () => fail('2007', '当前登录密码不正确，请重新输入'),
    });
    await user.click(screen.getByRole('button', { name: '修改手机号' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('新手机号'), '13900009000');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, /秒后重新获取/);
    await user.type(within(dialog).getByPlaceholderText('请输入验证码'), '123456');
    const password = within(dialog).getByLabelText('当前登录密码');
    await user.type(password, 'Wrong1234');
    await user.click(within(dialog).getByRole('button', { name: '确认修改' }));
    await shownIn(dialog, '当前登录密码不正确，请重新输入');
    expect(
      password.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error'),
    ).toHaveTextContent('当前登录密码不正确，请重新输入');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says a taken e-mail under the field, and a wrong code under the code', async () => {
    let sends = 0;
    const { user, onChanged } = setup(undefined, {
      send: () => (++sends === 1 ? fail('2202', '该手机号或邮箱已被其他账号使用') : ok(null)),
      change: () => fail('2003', '验证码不正确，请核对后重新输入'),
    });
    await user.click(screen.getByRole('button', { name: '修改邮箱' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/当前邮箱：d\*\*\*@example.com/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('新邮箱'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, '邮箱格式不正确');

    await user.clear(within(dialog).getByLabelText('新邮箱'));
    await user.type(within(dialog).getByLabelText('新邮箱'), 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, '该手机号或邮箱已被其他账号使用');

    await user.clear(within(dialog).getByLabelText('新邮箱'));
    await user.type(within(dialog).getByLabelText('新邮箱'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await shownIn(dialog, /秒后重新获取/);
    await user.type(within(dialog).getByPlaceholderText('请输入验证码'), '000000');
    await user.type(within(dialog).getByLabelText('当前登录密码'), 'Demo1234');
    await user.click(within(dialog).getByRole('button', { name: '确认修改' }));
    await shownIn(dialog, '验证码不正确，请核对后重新输入');
    expect(onChanged).not.toHaveBeenCalled();
    expect(plainBodies()).toEqual([
      { channel: 'email', target: 'new@example.com', code: '000000', password: 'Demo1234' },
    ]);
  });
});
