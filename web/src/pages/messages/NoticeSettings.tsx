import { LockOutlined } from '@ant-design/icons';
import {
  NOTICE_CHANNEL_LABEL,
  NOTICE_CHANNELS,
  type NoticeCategory,
  type NoticeChannel,
  type NoticePreferenceView,
  QUIET_HOURS,
} from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { noticeKeys, noticePreferencesQueryOptions, saveNoticePreference } from '../../api/notices';
import { useMessage } from '../../app/feedback';
import { LoadError } from '../../components/LoadError';

/** The id of the settings card: 通知设置 above the list scrolls to it. */
export const NOTICE_SETTINGS_ANCHOR = 'notice-settings';

/** Why a required category is locked. */
const lockedReason = (category: NoticeCategory, label: string) =>
  category === 'OVERDUE' ? '逾期通知为法定通知，不能关闭' : `${label}为必须送达的通知，不能关闭`;

const hhmm = (time: string) => time.slice(0, 5);

function PreferenceRow({
  preference,
  saving,
  error,
  onSave,
}: {
  preference: NoticePreferenceView;
  saving: NoticeChannel | null;
  error: string | undefined;
  onSave: (channel: NoticeChannel, on: boolean) => void;
}) {
  const { category, label, required } = preference;
  const errorId = `notice-pref-error-${category}`;
  return (
    <li className="notice-pref-row" data-testid={`notice-pref-${category}`}>
      <div className="notice-pref-label">
        <Typography.Text strong>{label}</Typography.Text>
        {required && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <LockOutlined aria-hidden /> {lockedReason(category, label)}
          </Typography.Text>
        )}
      </div>
      <Flex gap={20} wrap className="notice-pref-channels">
        {NOTICE_CHANNELS.map((channel) => {
          const on = preference[channel];
          if (on === null) return null;
          return (
            <span key={channel} className="notice-pref-switch">
              <label htmlFor={`notice-pref-${category}-${channel}`}>{NOTICE_CHANNEL_LABEL[channel]}</label>
              <Switch
                id={`notice-pref-${category}-${channel}`}
                size="small"
                checked={on}
                disabled={required || (saving !== null && saving !== channel)}
                loading={saving === channel}
                aria-label={`${label}${NOTICE_CHANNEL_LABEL[channel]}通知`}
                aria-describedby={error ? errorId : undefined}
                onChange={(next) => onSave(channel, next)}
              />
            </span>
          );
        })}
      </Flex>
      {error && (
        <div id={errorId} className="notice-pref-error" role="alert">
          {error}
        </div>
      )}
    </li>
  );
}

/**
 * 通知设置: per category, whether its notices also go by SMS and e-mail (a channel the category never uses is not
 * shown). Each switch saves at once; a refused save says why under its category. Required categories are locked.
 */
export function NoticeSettings() {
  const preferences = useQuery(noticePreferencesQueryOptions());
  const queryClient = useQueryClient();
  const message = useMessage();
  const [saving, setSaving] = useState<{ category: NoticeCategory; channel: NoticeChannel } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<NoticeCategory, string>>>({});

  const save = async (category: NoticeCategory, channel: NoticeChannel, on: boolean) => {
    setSaving({ category, channel });
    setErrors((all) => ({ ...all, [category]: undefined }));
    try {
      const view = await saveNoticePreference({ category, [channel]: on }, { silent: true });
      queryClient.setQueryData(noticeKeys.preferences, view);
      message.success('通知设置已保存');
    } catch (error) {
      const reason = isApiError(error) ? error.desc : '保存失败，请稍后重试';
      setErrors((all) => ({ ...all, [category]: reason }));
    } finally {
      setSaving(null);
    }
  };

  let body: React.ReactNode;
  if (preferences.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (preferences.isError) body = <LoadError query={preferences} failed="通知设置加载失败" />;
  else
    body = (
      <ul className="notice-prefs" aria-label="各类通知的发送渠道">
        {preferences.data.categories.map((preference) => (
          <PreferenceRow
            key={preference.category}
            preference={preference}
            saving={saving?.category === preference.category ? saving.channel : null}
            error={errors[preference.category]}
            onSave={(channel, on) => void save(preference.category, channel, on)}
          />
        ))}
      </ul>
    );

  return (
    <Card variant="borderless" title="通知设置" id={NOTICE_SETTINGS_ANCHOR}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          站内消息始终保留在消息中心；以下设置决定是否同时通过短信、邮件通知您。
        </Typography.Text>
        {body}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          合同签署与账户安全通知（借款审批通过待签署合同、登录提醒、修改密码、更换手机号或邮箱）始终发送，不受以上设置影响。
          短信在 {hhmm(QUIET_HOURS.from)}–次日 {hhmm(QUIET_HOURS.until)} 不发送，顺延至{' '}
          {hhmm(QUIET_HOURS.until)}（账户安全通知除外）。
        </Typography.Text>
      </Flex>
    </Card>
  );
}
