import type { NoticeCategory, NoticeKind, NoticeLink } from '../notices/notice-kinds.ts';

/** The message centre on the wire (/notices/*). Times ISO 8601. */

export interface NoticeView {
  id: number;
  kind: NoticeKind;
  category: NoticeCategory;
  title: string;
  body: string;
  link: NoticeLink;
  createdAt: string;
  read: boolean;
}

/** GET /notices/list?category=&unread=1&cursor=&pageSize=: newest first, keyset paged. */
export interface NoticeListView {
  items: NoticeView[];
  /** pass back as `cursor` for the next page; null: no more */
  nextCursor: string | null;
  /** unread notices in all categories, and per category */
  unread: number;
  unreadByCategory: Record<NoticeCategory, number>;
}

/** GET /notices/unreadCount: the bell's figure. */
export interface NoticeUnreadView {
  unread: number;
}

/** POST /notices/read { id } and /notices/readAll { category? }: how many were marked and what is left. */
export interface NoticeReadResult {
  marked: number;
  unread: number;
}

/** One category's channels: null when the category's notices never use the channel. */
export interface NoticePreferenceView {
  category: NoticeCategory;
  label: string;
  /** legal or security notices: shown locked, cannot be turned off */
  required: boolean;
  sms: boolean | null;
  email: boolean | null;
}

/** GET /notices/preferences; POST the same path { category, sms?, email? } saves one category. */
export interface NoticePreferencesView {
  categories: NoticePreferenceView[];
}
