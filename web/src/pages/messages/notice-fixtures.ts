import {
  NOTICE_CATEGORIES,
  type NoticeCategory,
  type NoticeListView,
  type NoticePreferenceView,
  type NoticeView,
} from '@loan/domain';

/** What the message centre's calls answer in the tests. */

export const notice = (id: number, overrides: Partial<NoticeView> = {}): NoticeView => ({
  id,
  kind: 'APPLICATION_APPROVED',
  category: 'LOAN',
  title: '借款申请已通过，请签署合同',
  body: '您在广发银行的借款申请已审批通过，批复金额 100,000.00 元。请在 2026-12-01 前签署借款合同，逾期未签署审批结果将失效。',
  link: { page: 'APPLICATION', rowId: 301 },
  createdAt: '2026-11-23T02:04:05.000Z',
  read: false,
  ...overrides,
});

const noUnread = () =>
  Object.fromEntries(NOTICE_CATEGORIES.map((c) => [c, 0])) as Record<NoticeCategory, number>;

/** A page of notices; the unread counts from the unread ones given unless told. */
export function noticePage(
  items: NoticeView[],
  {
    nextCursor = null,
    unreadByCategory,
  }: { nextCursor?: string | null; unreadByCategory?: Partial<Record<NoticeCategory, number>> } = {},
): NoticeListView {
  const counts = noUnread();
  if (unreadByCategory) Object.assign(counts, unreadByCategory);
  else for (const item of items) if (!item.read) counts[item.category] += 1;
  return {
    items,
    nextCursor,
    unread: Object.values(counts).reduce((s, n) => s + n, 0),
    unreadByCategory: counts,
  };
}

const preference = (
  category: NoticeCategory,
  label: string,
  overrides: Partial<NoticePreferenceView> = {},
): NoticePreferenceView => ({ category, label, required: false, sms: true, email: true, ...overrides });

/** GET /notices/preferences as the server answers it for a borrower who chose nothing yet. */
export const PREFERENCES: NoticePreferenceView[] = [
  preference('LOAN', '借款进度'),
  preference('REPAYMENT', '还款提醒'),
  preference('OVERDUE', '逾期通知', { required: true }),
  preference('REFUND', '退款进度'),
  preference('ACCOUNT', '账户与安全'),
  preference('STATEMENT', '月度对账单', { sms: null }),
];
