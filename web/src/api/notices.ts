import {
  API,
  type NoticeCategory,
  type NoticeListQuery,
  type NoticeListView,
  type NoticePreferenceSave,
  type NoticePreferencesView,
  type NoticeReadAllRequest,
  type NoticeReadResult,
  type NoticeUnreadView,
} from '@loan/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, post } from './http';

/** The message centre (/notices/…): the bell's count, the borrower's notices, read marks, channel choices. */

export const noticeKeys = {
  all: ['notices'],
  unread: ['notices', 'unreadCount'],
  list: ['notices', 'list'],
  preferences: ['notices', 'preferences'],
} as const;

/**
 * How often the bell asks for the unread count while the tab is shown (TanStack's refetchIntervalInBackground is
 * off: a hidden tab does not ask, and asks at once when shown again); tests shorten it.
 */
export const noticePoll = { ms: 15_000 };

/** Notices a page of the message centre asks for. */
export const NOTICE_PAGE_SIZE = 10;

export function noticeUnreadCount(options?: CallOptions) {
  return get<NoticeUnreadView>(API.noticeUnreadCount, {}, options);
}

/** The bell's figure, asked every noticePoll.ms while `poll` (the borrower is at the screen). */
export const noticeUnreadQueryOptions = ({ poll = true } = {}) =>
  queryOptions({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => noticeUnreadCount({ silent: true, signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: poll ? noticePoll.ms : false,
  });

export function noticeList(query: NoticeListQuery, options?: CallOptions) {
  return get<NoticeListView>(API.noticeList, query, options);
}

/** The notices of one category (or all), newest first, a page at a time (加载更多 passes the cursor on). */
export const noticeListQueryOptions = (category: NoticeCategory | null) =>
  infiniteQueryOptions({
    queryKey: [...noticeKeys.list, category],
    queryFn: ({ signal, pageParam }) =>
      noticeList(
        {
          ...(category ? { category } : {}),
          limit: NOTICE_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { silent: true, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function readNotice(id: number, options?: CallOptions) {
  return post<NoticeReadResult>(API.noticeRead, { id }, options);
}

export function readAllNotices(body: NoticeReadAllRequest, options?: CallOptions) {
  return post<NoticeReadResult>(API.noticeReadAll, body, options);
}

export function noticePreferences(options?: CallOptions) {
  return get<NoticePreferencesView>(API.noticePreferences, {}, options);
}

export const noticePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: noticeKeys.preferences,
    queryFn: ({ signal }) => noticePreferences({ silent: true, signal }),
    staleTime: 0,
  });

/** Saves one category's channels; answers every category as now chosen. */
export function saveNoticePreference(body: NoticePreferenceSave, options?: CallOptions) {
  return post<NoticePreferencesView>(API.noticePreferences, body, options);
}
