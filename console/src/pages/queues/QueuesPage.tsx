import { formatDateTime } from '@loan/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import {
  type AccessLine,
  accessQuery,
  type DivertedLine,
  divertedQuery,
  type UnappliedLine,
  unappliedQuery,
  type WaitingLine,
  waitingQuery,
} from '../../api/queues';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';

const time = (v: string | null) => (v ? formatDateTime(v) : '—');

function QueueTable<T extends object>({
  query,
  rowKey,
  columns,
  emptyText,
}: {
  query: UseQueryResult<T[]>;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  emptyText: string;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {query.isError && <Alert type="error" showIcon title={(query.error as Error).message} />}
      <Table<T>
        rowKey={rowKey}
        loading={query.isPending}
        dataSource={query.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: empty(emptyText) }}
        columns={columns}
      />
    </Space>
  );
}

function Unapplied() {
  return (
    <QueueTable<UnappliedLine>
      query={useQuery(unappliedQuery())}
      rowKey="outTradeNo"
      emptyText="没有未入账的款项"
      columns={[
        { title: '支付单号', dataIndex: 'outTradeNo', width: 210 },
        { title: '借款人', dataIndex: 'loginId', width: 120 },
        { title: '未入账（元）', dataIndex: 'unapplied', align: 'right', width: 120 },
        {
          title: '自动退款',
          key: 'refund',
          render: (_: unknown, l) => (l.refundNo ? `${l.refundNo} · ${l.refundStatus}` : '—'),
        },
        { title: '原因', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function Diverted() {
  return (
    <QueueTable<DivertedLine>
      query={useQuery(divertedQuery())}
      rowKey="loginId"
      emptyText="没有回款异常的借款人"
      columns={[
        { title: '借款人', dataIndex: 'loginId' },
        { title: '回款去向', dataIndex: 'destination', render: (v: string | null) => v ?? '—' },
        { title: '核对时间', dataIndex: 'checkedAt', render: time },
        { title: '已通知借款人', dataIndex: 'notifiedAt', render: time },
      ]}
    />
  );
}

function Waiting() {
  return (
    <QueueTable<WaitingLine>
      query={useQuery(waitingQuery())}
      rowKey="rowId"
      emptyText="没有等待超过 24 小时的申请"
      columns={[
        { title: '编号', dataIndex: 'rowId', width: 70 },
        { title: '借款人', dataIndex: 'loginId' },
        { title: '合作机构', dataIndex: 'bankName' },
        { title: '状态', dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
        { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string | null) => v ?? '—' },
        { title: '已等待', dataIndex: 'hoursWaiting', render: (h: number) => `${h} 小时` },
      ]}
    />
  );
}

function Access() {
  return (
    <QueueTable<AccessLine>
      query={useQuery(accessQuery())}
      rowKey="loginId"
      emptyText="没有停用或锁定的借款人"
      columns={[
        { title: '借款人', dataIndex: 'loginId' },
        { title: '停用', dataIndex: 'disabled', render: (v: boolean) => (v ? <Tag>已停用</Tag> : '—') },
        { title: '锁定至', dataIndex: 'lockedUntil', render: time },
      ]}
    />
  );
}

/** 待处理事项: what is worth a look today; the tabs this operator's permissions open. */
export default function QueuesPage() {
  const permissions = useOpsSession()?.operator.permissions ?? [];
  const tabs = [
    permissions.includes('refund.confirm') && {
      key: 'unapplied',
      label: '未入账款项',
      children: <Unapplied />,
    },
    { key: 'waiting', label: '审批超时', children: <Waiting /> },
    { key: 'diverted', label: '回款异常', children: <Diverted /> },
    { key: 'access', label: '停用与锁定', children: <Access /> },
  ].filter((tab): tab is { key: string; label: string; children: ReactElement } => Boolean(tab));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        待处理事项
      </Typography.Title>
      <Tabs items={tabs} destroyOnHidden />
    </Space>
  );
}
