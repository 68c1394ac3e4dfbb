import { API, type NoticeListQuery } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoticeBell } from '../../app/layouts/NoticeBell';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import MessagesPage from './MessagesPage';
import { notice, noticePage, PREFERENCES } from './notice-fixtures';

type Handler = Parameters<typeof fakeApi>[0];
let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => {
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
});
afterEach(() => api?.restore());

const calls = (url: string) => (api?.requests ?? []).filter((r) => r.url === url);

const APPROVED = notice(12);
const REFUNDED = notice(11, {
  kind: 'REFUND_PROGRESS',
  category: 'REFUND',
  title: '退款已到账',
  body: '您申请的退款 50.00 元已退回原付款账户。',
  link: { page: 'REFUND' },
  createdAt: '2026-11-22T01:00:00.000Z',
  read: true,
});

/** The message centre under a header with the bell, its calls answered by `handler` first. */
function setup(handler: Handler = () => undefined as never) {
  let unread = 1;
  api = fakeApi(async (r) => {
    const answer = await handler(r);
    if (answer) return answer;
    if (r.url === API.noticeUnreadCount) return ok({ unread });
    if (r.url === API.noticeList) return ok(noticePage([APPROVED, REFUNDED]));
    if (r.url === API.noticeRead) {
      unread = 0;
      return ok({ marked: 1, unread: 0 });
    }
    if (r.url === API.noticePreferences) return ok({ categories: PREFERENCES });
    return ok(null);
  });
  const view = renderRoutes(
    [
      {
        // the header stays while the pages change
        element: (
          <>
            <NoticeBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/account/messages', element: <MessagesPage /> },
          { path: '/auditing', element: <div>auditing page</div> },
          { path: '/account/refund', element: <div>refund page</div> },
        ],
      },
    ],
    ['/account/messages'],
  );
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), ...view };
}

const list = () => screen.getByRole('list', { name: '全部消息' });

describe('消息中心', () => {
  it('lists the notices newest first, the unread one marked, with their time in Beijing time', async () => {
    setup();
    await shown('借款申请已通过，请签署合同');
    const rows = within(list()).getAllByRole('button');
    expect(rows.map((row) => row.dataset.testid)).toEqual(['notice-12', 'notice-11']);
    expect(rows[0]).toHaveClass('notice-row-unread');
    expect(rows[0]).toHaveAccessibleName(/^未读：\s*借款申请已通过/);
    expect(rows[0]).toHaveTextContent('2026-11-23 10:04:05');
    expect(rows[1]).not.toHaveClass('notice-row-unread');
    expect(rows[1]).toHaveTextContent('您申请的退款 50.00 元已退回原付款账户。');
    expect(calls(API.noticeList)[0]?.params).toEqual({ limit: 10 });
    // the categories, each with its unread count
    expect(screen.getByRole('radio', { name: /借款进度\s*1/ })).toBeInTheDocument();
  });

  it('opening an unread notice marks it read, lowers the bell and goes to its page', async () => {
    const { user, router } = setup();
    await screen.findByRole('link', { name: '消息中心，1 条未读' });
    await user.click(await screen.findByTestId('notice-12'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditing'));
    expect(router.state.location.search).toBe('?rowId=301');
    expect(calls(API.noticeRead).map((r) => r.data)).toEqual([{ id: 12 }]);
    await screen.findByRole('link', { name: '消息中心，没有未读消息' });
  });

  it('opening a read notice goes to its page without marking it again', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByTestId('notice-11'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/refund'));
    expect(calls(API.noticeRead)).toHaveLength(0);
  });

  it('a category shows its notices only; 全部已读 marks that category', async () => {
    const { user } = setup((r) => {
      const query = r.params as NoticeListQuery | undefined;
      if (r.url === API.noticeList && query?.category === 'LOAN')
        return ok(noticePage([APPROVED], { unreadByCategory: { LOAN: 1 } }));
      if (r.url === API.noticeReadAll) return ok({ marked: 1, unread: 0 });
      return undefined as never;
    });
    await shown('退款已到账');
    await user.click(screen.getByRole('radio', { name: /借款进度/ }));
    await waitFor(() => expect(screen.queryByText('退款已到账')).toBeNull());
    expect(screen.getByRole('list', { name: '借款进度' })).toHaveTextContent('借款申请已通过');
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await shown('已将 1 条消息标为已读');
    expect(calls(API.noticeReadAll).map((r) => r.data)).toEqual([{ category: 'LOAN' }]);
  });

  it('加载更多 asks for the next page with the cursor and adds it below', async () => {
    const { user } = setup((r) => {
      const query = r.params as NoticeListQuery | undefined;
      if (r.url !== API.noticeList) return undefined as never;
      return query?.cursor === 'c2'
        ? ok(noticePage([REFUNDED]))
        : ok(noticePage([APPROVED], { nextCursor: 'c2' }));
    });
    await shown('借款申请已通过，请签署合同');
    expect(screen.queryByText('退款已到账')).toBeNull();
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await shown('退款已到账');
    expect(calls(API.noticeList).at(-1)?.params).toEqual({ limit: 10, cursor: 'c2' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says 暂无消息 when there is none, and why it could not load', async () => {
    let answer = ok(noticePage([]));
    setup((r) => (r.url === API.noticeList ? answer : (undefined as never)));
    await shown('暂无消息');
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
    answer = fail('9999', '系统繁忙，请稍后重试');
    await userEvent.click(screen.getByRole('radio', { name: /逾期通知/ }));
    await shown('系统繁忙，请稍后重试');
  });
});
