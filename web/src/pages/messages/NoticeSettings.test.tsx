import { API, type NoticePreferenceView } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { NoticeSettings } from './NoticeSettings';
import { PREFERENCES } from './notice-fixtures';

type Handler = Parameters<typeof fakeApi>[0];
let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

const saves = () =>
  (api?.requests ?? []).filter((r) => r.url === API.noticePreferences && r.method === 'POST');

function setup(save: Handler = () => ok({ categories: PREFERENCES })) {
  api = fakeApi((r) =>
    r.url === API.noticePreferences && r.method === 'POST' ? save(r) : ok({ categories: PREFERENCES }),
  );
  renderRoutes([{ path: '/account/messages', element: <NoticeSettings /> }], ['/account/messages']);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const row = (category: string) => screen.getByTestId(`notice-pref-${category}`);

describe('通知设置', () => {
  it('locks a required category on, says why, and says what is always sent', async () => {
    setup();
    await shown('逾期通知');
    const overdue = row('OVERDUE');
    expect(within(overdue).getByText(/逾期通知为法定通知，不能关闭/)).toBeInTheDocument();
    for (const name of ['逾期通知短信通知', '逾期通知邮件通知']) {
      const toggle = within(overdue).getByRole('switch', { name });
      expect(toggle).toBeChecked();
      expect(toggle).toBeDisabled();
    }
    // an optional one is free, and a channel the category never uses is not offered
    expect(within(row('LOAN')).getByRole('switch', { name: '借款进度短信通知' })).toBeEnabled();
    expect(within(row('STATEMENT')).queryByRole('switch', { name: /短信/ })).toBeNull();
    expect(within(row('STATEMENT')).getByRole('switch', { name: '月度对账单邮件通知' })).toBeChecked();
    expect(screen.getByText(/合同签署与账户安全通知.*始终发送/)).toBeInTheDocument();
  });

  it('saves one channel of one category at a time and shows what the server now holds', async () => {
    const off: NoticePreferenceView[] = PREFERENCES.map((p) =>
      p.category === 'REPAYMENT' ? { ...p, sms: false } : p,
    );
    const user = setup(() => ok({ categories: off }));
    await shown('还款提醒');
    await user.click(within(row('REPAYMENT')).getByRole('switch', { name: '还款提醒短信通知' }));
    await shown('通知设置已保存');
    expect(saves().map((r) => r.data)).toEqual([{ category: 'REPAYMENT', sms: false }]);
    expect(within(row('REPAYMENT')).getByRole('switch', { name: '还款提醒短信通知' })).not.toBeChecked();
    expect(within(row('REPAYMENT')).getByRole('switch', { name: '还款提醒邮件通知' })).toBeChecked();
  });

  it('shows a refused save under its category, the switch as it was', async () => {
    const user = setup(() => fail('4202', '逾期通知、合同签署和账户安全通知为必须送达的通知，不能关闭'));
    await shown('账户与安全');
    const toggle = within(row('ACCOUNT')).getByRole('switch', { name: '账户与安全邮件通知' });
    await user.click(toggle);
    const error = await within(row('ACCOUNT')).findByRole('alert');
    expect(error).toHaveTextContent('逾期通知、合同签署和账户安全通知为必须送达的通知，不能关闭');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAttribute('aria-describedby', error.id);
    // the other categories say nothing
    expect(within(row('LOAN')).queryByRole('alert')).toBeNull();
    // a save that goes through clears it
    api?.restore();
    setupAgainOk();
    await user.click(toggle);
    await waitFor(() => expect(within(row('ACCOUNT')).queryByRole('alert')).toBeNull());
  });
});

/** Answers every later call as accepted, in the page already drawn. */
function setupAgainOk() {
  api = fakeApi(() => ok({ categories: PREFERENCES }));
}
