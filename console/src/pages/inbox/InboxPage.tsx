import { formatDateTime, OPS_REQUEST_STATE_DISPLAY, opsRequestSummary, opsSubjectText } from '@loan/domain';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { inboxQuery, myRequestsQuery, type RequestLine, requestActs } from '../../api/requests';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';
import { ReasonModal } from '../refunds/ReasonModal';

const subjectText = (line: RequestLine) => opsSubjectText(line.subject);
/** What was asked, in a line (domain's opsRequestSummary): a waiver's amount in 元, a reason, roles. */
const payloadReason = (line: RequestLine) => opsRequestSummary(line.kind, line.payload);

/** A table of requests: what was asked and about whom first, then the columns given. */
function RequestTable({
  query,
  emptyText,
  columns,
}: {
  query: UseQueryResult<RequestLine[]>;
  emptyText: string;
  columns: TableColumnsType<RequestLine>;
}) {
  return (
    <Table<RequestLine>
      rowKey="requestId"
      loading={query.isPending}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 860 }}
      locale={{ emptyText: empty(emptyText) }}
      columns={[
        { title: '申请', dataIndex: 'kindLabel', width: 110 },
        { title: '对象', key: 'subject', width: 230, render: (_: unknown, line) => subjectText(line) },
        ...columns,
      ]}
    />
  );
}

/** 待我审批: what others asked that this operator may check; and what this operator asked, with its outcome. */
export default function InboxPage() {
  const inbox = useQuery(inboxQuery());
  const mine = useQuery(myRequestsQuery());
  const client = useQueryClient();
  const { message } = App.useApp();
  const [declining, setDeclining] = useState<RequestLine | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['ops'] });
  const run = useAct();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        待我审批
      </Typography.Title>
      {inbox.isError && <Alert type="error" showIcon title={(inbox.error as Error).message} />}
      <Card title="待复核">
        <RequestTable
          query={inbox}
          emptyText="暂无需要您复核的申请"
          columns={[
            { title: '内容', key: 'reason', render: (_: unknown, line) => payloadReason(line) },
            { title: '提交人', dataIndex: 'makerName', width: 110 },
            {
              title: '提交时间',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: '操作',
              key: 'act',
              width: 170,
              fixed: 'right',
              render: (_: unknown, line) => (
                <Space>
                  <Popconfirm
                    title={`确认${line.kindLabel}？`}
                    description="确认后立即生效"
                    okText="确认"
                    cancelText="取消"
                    onConfirm={() => run(() => requestActs.confirm(line.requestId), '已复核通过，操作已执行')}
                  >
                    <Button type="primary" size="small">
                      复核通过
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger onClick={() => setDeclining(line)}>
                    驳回
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title="我提交的申请">
        <RequestTable
          query={mine}
          emptyText="您还没有提交过申请"
          columns={[
            {
              title: '状态',
              dataIndex: 'state',
              width: 110,
              render: (state: RequestLine['state']) => (
                <Tag color={OPS_REQUEST_STATE_DISPLAY[state].colour}>
                  {OPS_REQUEST_STATE_DISPLAY[state].label}
                </Tag>
              ),
            },
            {
              title: '复核',
              key: 'checker',
              render: (_: unknown, line) =>
                line.checkerName
                  ? `${line.checkerName}${line.checkReason ? `：${line.checkReason}` : ''}`
                  : '—',
            },
            {
              title: '提交时间',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: '操作',
              key: 'act',
              width: 90,
              fixed: 'right',
              render: (_: unknown, line) =>
                line.state === 'PENDING' ? (
                  <Button
                    size="small"
                    onClick={() => run(() => requestActs.withdraw(line.requestId), '已撤回')}
                  >
                    撤回
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <ReasonModal
        title={`驳回：${declining?.kindLabel ?? ''}`}
        label="驳回原因"
        okText="驳回"
        open={declining !== null}
        onClose={() => setDeclining(null)}
        submit={async (reason) => {
          if (!declining) return;
          await requestActs.decline(declining.requestId, reason);
          message.success('已驳回');
          await refresh();
        }}
      />
    </Space>
  );
}
