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

/** GET /notices/list: newest first, keyset paged. */
export interface NoticeListQuery {
  category?: NoticeCategory;
  /** true: only unread */
  unread?: boolean;
  cursor?: string;
  /** 1–100, default 10 */
  limit?: number;
}

/** POST /notices/read */
export interface NoticeReadRequest {
  id: number;
}

/** POST /notices/readAll: every unread notice, or those of one category */
export interface NoticeReadAllRequest {
  category?: NoticeCategory;
}

/** POST /notices/preferences: one optional category's channels (a channel left out keeps its choice) */
export interface NoticePreferenceSave {
  category: NoticeCategory;
  sms?: boolean;
  email?: boolean;
}

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
