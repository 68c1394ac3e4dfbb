import {
  formatDateTime,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABEL,
  type NoticeCategory,
  type NoticeListView,
  type NoticeView,
} from '@loan/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Flex, Segmented, Skeleton, Spin, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { noticeListQueryOptions } from '../../api/notices';
import { LoadError } from '../../components/LoadError';
import { useNoticeReading } from './useNoticeReading';

/** The tab of every category. */
const ALL = 'ALL';
type TabKey = NoticeCategory | typeof ALL;

type Counts = Pick<NoticeListView, 'unread' | 'unreadByCategory'>;

function TabLabel({ label, unread }: { label: string; unread: number }) {
  return (
    <Flex align="center" gap={6}>
      {label}
      {unread > 0 && <Badge count={unread} size="small" overflowCount={99} title={`${unread} 条未读`} />}
    </Flex>
  );
}

/** One notice: unread ones stand out (a dot, bold, tinted); pressing it opens its page. */
function NoticeRow({
  notice,
  showCategory,
  opening,
  onOpen,
}: {
  notice: NoticeView;
  showCategory: boolean;
  opening: boolean;
  onOpen: (notice: NoticeView) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={notice.read ? 'notice-row' : 'notice-row notice-row-unread'}
        data-testid={`notice-${notice.id}`}
        onClick={() => onOpen(notice)}
        aria-busy={opening || undefined}
      >
        <span className="notice-row-head">
          {!notice.read && <span className="notice-row-dot" aria-hidden />}
          <span className="notice-row-title">
            {!notice.read && <span className="sr-only">未读：</span>}
            {notice.title}
          </span>
          {opening && <Spin size="small" />}
          <time className="notice-row-time" dateTime={notice.createdAt}>
            {formatDateTime(notice.createdAt)}
          </time>
        </span>
        <span className="notice-row-body">{notice.body}</span>
        {showCategory && (
          <span>
            <Tag variant="filled">{NOTICE_CATEGORY_LABEL[notice.category]}</Tag>
          </span>
        )}
      </button>
    </li>
  );
}

/** One tab's notices, newest first, a page at a time. */
function CategoryNotices({
  category,
  onCounts,
  reading,
}: {
  category: NoticeCategory | null;
  onCounts: (counts: Counts) => void;
  reading: ReturnType<typeof useNoticeReading>;
}) {
  const list = useInfiniteQuery(noticeListQueryOptions(category));
  const first = list.data?.pages[0];
  useEffect(() => {
    if (first) onCounts({ unread: first.unread, unreadByCategory: first.unreadByCategory });
  }, [first, onCounts]);

  if (list.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (list.isError) return <LoadError query={list} failed="消息加载失败" />;
  const notices = list.data.pages.flatMap((page) => page.items);
  if (notices.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;
  return (
    <Flex vertical gap={12}>
      <ul className="notice-list" aria-label={category ? NOTICE_CATEGORY_LABEL[category] : '全部消息'}>
        {notices.map((notice) => (
          <NoticeRow
            key={notice.id}
            notice={notice}
            showCategory={category === null}
            opening={reading.opening === notice.id}
            onOpen={(n) => void reading.open(n)}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <Flex justify="center">
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            加载更多
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/** 我的消息: a tab per category with its unread count, 全部已读 of the tab shown, the list. */
export function NoticeList({ extra }: { extra?: ReactNode }) {
  const [tab, setTab] = useState<TabKey>(ALL);
  const [counts, setCounts] = useState<Counts | null>(null);
  const reading = useNoticeReading();
  const category = tab === ALL ? null : tab;
  const unreadHere = counts ? (category ? counts.unreadByCategory[category] : counts.unread) : 0;

  const tabs: Array<{ key: TabKey; label: string; unread: number }> = [
    { key: ALL, label: '全部', unread: counts?.unread ?? 0 },
    ...NOTICE_CATEGORIES.map((c) => ({
      key: c,
      label: NOTICE_CATEGORY_LABEL[c],
      unread: counts?.unreadByCategory[c] ?? 0,
    })),
  ];
  return (
    <Card
      variant="borderless"
      title="我的消息"
      extra={
        <Flex gap={8} align="center">
          <Button
            size="small"
            disabled={unreadHere === 0}
            loading={reading.readingAll}
            onClick={() => void reading.readAll(category)}
          >
            全部已读
          </Button>
          {extra}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {/* a phone scrolls the categories sideways */}
        <Segmented<TabKey>
          aria-label="消息类别"
          value={tab}
          onChange={setTab}
          options={tabs.map(({ key, label, unread }) => ({
            value: key,
            label: <TabLabel label={label} unread={unread} />,
          }))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <CategoryNotices key={tab} category={category} onCounts={setCounts} reading={reading} />
      </Flex>
    </Card>
  );
}
