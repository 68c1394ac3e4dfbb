import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { noticeUnreadQueryOptions } from '../../api/notices';
import { useSession } from '../../session/useSession';
import { MESSAGES_PATH } from '../paths';
import { useUserActive } from '../useUserActive';

/** The bell stops asking this long after the borrower last used the page (the session may then idle out). */
const POLL_WHILE_ACTIVE_MS = 10 * 60_000;

/** What the bell is called: the message centre and how many are unread. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `消息中心，${unread} 条未读` : '消息中心，没有未读消息';

/**
 * The header's bell beside the user menu: the unread notices (polled while the tab is shown and the borrower is
 * at it), opening the message centre. Not shown to a borrower who must first change the password (the server
 * answers them nothing else).
 */
export function NoticeBell() {
  const signedIn = Boolean(useSession().pwdTime);
  const active = useUserActive(POLL_WHILE_ACTIVE_MS);
  const unread = useQuery({ ...noticeUnreadQueryOptions({ poll: active }), enabled: signedIn });
  const { refetch } = unread;

  // back at the page after a pause: the count at once, then polled again
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current && signedIn) void refetch();
    wasActive.current = active;
  }, [active, signedIn, refetch]);

  if (!signedIn) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <Link to={MESSAGES_PATH} className="notice-bell" aria-label={bellLabel(count)} title={bellLabel(count)}>
      <span aria-hidden>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined className="notice-bell-icon" />
        </Badge>
      </span>
    </Link>
  );
}
