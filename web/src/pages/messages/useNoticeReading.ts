import type { NoticeCategory, NoticeReadResult, NoticeView } from '@loan/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { noticeKeys, readAllNotices, readNotice } from '../../api/notices';
import { useMessage } from '../../app/feedback';
import { noticeLinkPath } from '../../app/paths';

/**
 * Reading notices: opening one marks it read (when it was not) and goes to its page; 全部已读 marks a category's
 * (or all). The bell takes the unread count the server answers at once; the lists are asked again.
 */
export function useNoticeReading() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const message = useMessage();
  const [opening, setOpening] = useState<number | null>(null);
  const [readingAll, setReadingAll] = useState(false);

  const marked = (result: NoticeReadResult) => {
    queryClient.setQueryData(noticeKeys.unread, { unread: result.unread });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.list });
  };

  const open = async (notice: NoticeView) => {
    if (opening !== null) return;
    if (!notice.read) {
      setOpening(notice.id);
      try {
        marked(await readNotice(notice.id, { silent: true }));
      } catch {
        // the page it links to opens all the same; the list and the bell are asked again
        void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      } finally {
        setOpening(null);
      }
    }
    navigate(noticeLinkPath(notice.link));
  };

  const readAll = async (category: NoticeCategory | null) => {
    setReadingAll(true);
    try {
      const result = await readAllNotices(category ? { category } : {}, { silent: true });
      marked(result);
      message.success(result.marked > 0 ? `已将 ${result.marked} 条消息标为已读` : '没有未读消息');
    } catch (error) {
      message.error(isApiError(error) ? error.desc : '操作失败，请稍后重试');
    } finally {
      setReadingAll(false);
    }
  };

  return { open, opening, readAll, readingAll };
}
