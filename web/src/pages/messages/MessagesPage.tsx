import { SettingOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { NoticeList } from './NoticeList';
import { NOTICE_SETTINGS_ANCHOR, NoticeSettings } from './NoticeSettings';

const toSettings = () =>
  document.getElementById(NOTICE_SETTINGS_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * /account/messages, 消息中心: the borrower's notices by category (unread first to the eye, each opening its page)
 * and, below, which notices also come by SMS and e-mail.
 */
export default function MessagesPage() {
  return (
    <Flex vertical gap={16}>
      <NoticeList
        extra={
          <Button size="small" type="link" icon={<SettingOutlined />} onClick={toSettings}>
            通知设置
          </Button>
        }
      />
      <NoticeSettings />
    </Flex>
  );
}
