import {
  COLLECTION_ACTIVITY_LABEL,
  CONTACT_CHANNEL_LABEL,
  CONTACT_OUTCOME_LABEL,
  DELIVERY_STATE_LABEL,
  formatDateTime,
  formatYuan,
  HARDSHIP_RELIEF_LABEL,
  HARDSHIP_STATE_DISPLAY,
  NOTICE_CATEGORY_LABEL,
  NOTICE_CHANNEL_LABEL,
  type NoticeCategory,
  PROMISE_STATE_DISPLAY,
  yuanToFen,
} from '@loan/domain';
import { Button, Space, Tag, Timeline, Typography } from 'antd';
import type { CaseActivity, CaseMessage, OperatorRef } from '../../api/collections';
import { empty } from '../../app/empty';

const yuan = (text: string | null) => (text === null ? '—' : `${formatYuan(yuanToFen(text))} 元`);
const who = (o: OperatorRef | null) => (o ? `${o.name}（${o.loginId}）` : '系统');
const DOT: Record<CaseActivity['kind'], string> = {
  NOTE: 'gray',
  CONTACT: 'blue',
  PROMISE: 'green',
  HARDSHIP: 'orange',
  ASSIGN: 'purple',
};
/** antd's green tag is below WCAG AA at 12 px: 已发送 stays neutral, a failure red, one waiting blue. */
const DELIVERY_COLOUR: Record<string, string> = { FAILED: 'red', PENDING: 'blue', SENDING: 'blue' };

/** What one activity says, in one line, and its state as a tag. */
function headline(a: CaseActivity) {
  if (a.kind === 'CONTACT' && a.channel && a.outcome) {
    return `${CONTACT_CHANNEL_LABEL[a.channel]} · ${CONTACT_OUTCOME_LABEL[a.outcome]}`;
  }
  if (a.kind === 'PROMISE') return `承诺 ${a.promisedDate} 前还款 ${yuan(a.amount)}`;
  if (a.kind === 'HARDSHIP' && a.relief) return `申请${HARDSHIP_RELIEF_LABEL[a.relief]}`;
  if (a.kind === 'ASSIGN') return a.assignee ? `分派给 ${who(a.assignee)}` : '取消分派';
  return null;
}

function stateTag(a: CaseActivity) {
  if (a.kind === 'PROMISE' && (a.state === 'PENDING' || a.state === 'KEPT' || a.state === 'BROKEN')) {
    const shown = PROMISE_STATE_DISPLAY[a.state];
    return <Tag color={shown.colour}>{shown.label}</Tag>;
  }
  if (a.kind === 'HARDSHIP' && (a.state === 'OPEN' || a.state === 'ACCEPTED' || a.state === 'DECLINED')) {
    const shown = HARDSHIP_STATE_DISPLAY[a.state];
    return <Tag color={shown.colour}>{shown.label}</Tag>;
  }
  return null;
}

/**
 * 跟进记录: the case's activities, newest first, each with who and when; a promise with its decision and what was
 * repaid; a hardship with its decision, and 处理 for an operator who may decide it.
 */
export function CaseTimeline({
  activities,
  onDecide,
}: {
  activities: CaseActivity[];
  onDecide: ((activity: CaseActivity) => void) | null;
}) {
  if (activities.length === 0) return empty('尚无跟进记录');
  return (
    <Timeline
      aria-label="跟进记录"
      items={activities.map((a) => ({
        key: a.id,
        color: DOT[a.kind],
        content: (
          <div data-testid={`activity-${a.kind}`}>
            <Space size={4} wrap>
              <Typography.Text strong>{COLLECTION_ACTIVITY_LABEL[a.kind]}</Typography.Text>
              {headline(a) && <Typography.Text>{headline(a)}</Typography.Text>}
              {stateTag(a)}
              {a.kind === 'HARDSHIP' && a.state === 'OPEN' && onDecide && (
                <Button size="small" type="link" onClick={() => onDecide(a)}>
                  处理
                </Button>
              )}
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {formatDateTime(a.at)} · {who(a.operator)}
            </Typography.Paragraph>
            {a.text && (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {a.text}
              </Typography.Paragraph>
            )}
            {a.kind === 'PROMISE' && a.decidedAt && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                期间还款 {yuan(a.repaid)}，{formatDateTime(a.decidedAt)} 系统判定
              </Typography.Paragraph>
            )}
            {a.kind === 'HARDSHIP' && a.decidedAt && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {who(a.decidedBy)} 于 {formatDateTime(a.decidedAt)} 处理
                {a.decisionNote ? `：${a.decisionNote}` : ''}
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** 消息记录: the notices the borrower was sent (newest first), each SMS and e-mail with its delivery state. */
export function MessageLog({ messages }: { messages: CaseMessage[] }) {
  if (messages.length === 0) return empty('没有发送给借款人的消息');
  return (
    <ul aria-label="消息记录" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((m) => (
        <li key={m.noticeId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Space size={4} wrap>
              <Typography.Text>{m.title}</Typography.Text>
              <Tag>{NOTICE_CATEGORY_LABEL[m.category as NoticeCategory] ?? m.category}</Tag>
              {m.read && <Tag>已读</Tag>}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(m.at)} · 站内信
            </Typography.Text>
            <Space size={4} wrap>
              {m.deliveries.map((d) => (
                <Tag key={d.channel} color={DELIVERY_COLOUR[d.state]} title={d.reason ?? undefined}>
                  {NOTICE_CHANNEL_LABEL[d.channel]}：{DELIVERY_STATE_LABEL[d.state] ?? d.state}
                  {d.state === 'FAILED' && d.reason ? `（${d.reason}）` : ''}
                </Tag>
              ))}
            </Space>
          </Space>
        </li>
      ))}
    </ul>
  );
}
