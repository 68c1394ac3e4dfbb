import type { AccountLock, SubAccountView } from '@loan/domain';
import { formatAccountNo, formatDateTime } from '@loan/domain';
import { Alert, Card, Descriptions, Flex, Table, type TableColumnsType } from 'antd';
import { EnumTag } from '../../components/records/RecordParts';
import { SUB_ACCOUNT_DISPLAY } from './account-parts';

/**
 * 账户锁定: why the account cannot be changed and until when; unlocked, that it can. Only about an account in use:
 * with none yet (or one still opening) there is nothing to lock, and the page asks to open one.
 */
export function LockBanner({ lock, hasAccount }: { lock: AccountLock; hasAccount: boolean }) {
  if (!hasAccount) return null;
  if (!lock.locked) return <Alert type="info" showIcon title={lock.untilText} data-testid="lock-banner" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="lock-banner"
      title="收款账户已锁定，暂不能变更"
      description={
        <Flex vertical gap={2}>
          {lock.reasons.map((r) => (
            <span key={r}>{r}</span>
          ))}
          <strong>{lock.untilText}</strong>
        </Flex>
      }
    />
  );
}

const columns: TableColumnsType<SubAccountView> = [
  { key: 'bank', title: '开户机构', dataIndex: 'bankName', width: 120 },
  { key: 'no', title: '账号', width: 200, render: (_, a) => formatAccountNo(a.accountNoMasked) },
  {
    key: 'state',
    title: '状态',
    width: 90,
    render: (_, a) => <EnumTag display={SUB_ACCOUNT_DISPLAY[a.state]} />,
  },
  { key: 'requested', title: '申请时间', width: 170, render: (_, a) => formatDateTime(a.requestedAt) },
  {
    key: 'end',
    title: '开立 / 变更时间',
    width: 170,
    render: (_, a) => `${formatDateTime(a.openedAt)}${a.closedAt ? ` / ${formatDateTime(a.closedAt)}` : ''}`,
  },
  { key: 'reason', title: '失败原因', ellipsis: true, render: (_, a) => a.failReason ?? '—' },
];

/** 历史账户: earlier accounts (changed or failed), newest first; cards on a phone. */
export function AccountHistory({ history, phone }: { history: readonly SubAccountView[]; phone: boolean }) {
  if (history.length === 0) return null;
  return (
    <Card variant="borderless" title="历史账户">
      {phone ? (
        <Flex vertical gap={12}>
          {history.map((a) => (
            <Card
              key={a.id}
              size="small"
              title={a.bankName}
              extra={<EnumTag display={SUB_ACCOUNT_DISPLAY[a.state]} />}
            >
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'no', label: '账号', children: formatAccountNo(a.accountNoMasked) },
                  { key: 'requested', label: '申请时间', children: formatDateTime(a.requestedAt) },
                  ...(a.openedAt
                    ? [{ key: 'opened', label: '开立时间', children: formatDateTime(a.openedAt) }]
                    : []),
                  ...(a.closedAt
                    ? [{ key: 'closed', label: '变更时间', children: formatDateTime(a.closedAt) }]
                    : []),
                  ...(a.failReason ? [{ key: 'reason', label: '失败原因', children: a.failReason }] : []),
                ]}
              />
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<SubAccountView>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={[...history]}
          scroll={{ x: 900 }}
        />
      )}
    </Card>
  );
}
