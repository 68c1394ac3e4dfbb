import { API } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noticePoll } from '../../api/notices';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO, NEWBIE_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { NoticeBell } from './NoticeBell';

let api: ReturnType<typeof fakeApi> | undefined;
let unread = 3;
const POLL_MS = noticePoll.ms;

beforeEach(() => {
  unread = 3;
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  api = fakeApi((r) => (r.url === API.noticeUnreadCount ? ok({ unread }) : ok(null)));
});
afterEach(() => {
  api?.restore();
  noticePoll.ms = POLL_MS;
});

const countCalls = () => (api?.requests ?? []).filter((r) => r.url === API.noticeUnreadCount).length;

function renderBell() {
  return renderRoutes(
    [
      { path: '/apply/LoanInfo', element: <NoticeBell /> },
      { path: '/account/messages', element: <div>message centre</div> },
    ],
    ['/apply/LoanInfo'],
  );
}

describe('the header bell', () => {
  it('shows the unread count and says it in its name; pressing it opens the message centre', async () => {
    const { router } = renderBell();
    const bell = await screen.findByRole('link', { name: '消息中心，3 条未读' });
    expect(bell).toHaveAttribute('href', '/account/messages');
    expect(bell).toHaveTextContent('3');
    await userEvent.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/messages'));
  });

  it('with nothing unread: no figure, and its name says so', async () => {
    unread = 0;
    renderBell();
    const bell = await screen.findByRole('link', { name: '消息中心，没有未读消息' });
    await waitFor(() => expect(countCalls()).toBe(1));
    expect(bell.querySelector('.ant-badge-count')).toBeNull();
  });

  it('asks again by itself: a new notice raises the figure', async () => {
    noticePoll.ms = 50;
    renderBell();
    await screen.findByRole('link', { name: '消息中心，3 条未读' });
    unread = 4;
    await screen.findByRole('link', { name: '消息中心，4 条未读' });
    expect(countCalls()).toBeGreaterThanOrEqual(2);
  });

  it('is not shown (and asks nothing) while the password must first be changed', async () => {
    saveUserInfo(NEWBIE_USER_INFO);
    renderBell();
    // the page rendered: give the query a turn it would have taken
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: /消息中心/ })).toBeNull();
    expect(countCalls()).toBe(0);
  });
});
