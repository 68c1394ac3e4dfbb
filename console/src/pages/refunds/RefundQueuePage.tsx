import { formatDateTime } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { type RefundQueueLine, refundQueueQuery, requestActs } from '../../api/requests';
import { empty } from '../../app/empty';
import { FailedRefunds } from './FailedRefunds';
import { PendingTag } from './PendingTag';
import { ReasonModal } from './ReasonModal';

/** 退款审核: 待审核 (applications waiting for a review) and 退款失败 (refunds the gateway did not make). */
export default function RefundQueuePage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        退款审核
      </Typography.Title>
      <Tabs
        items={[
          { key: 'submitted', label: '待审核', children: <SubmittedRefunds /> },
          { key: 'failed', label: '退款失败', children: <FailedRefunds /> },
        ]}
      />
    </Space>
  );
}

/** The borrowers' refund applications waiting for a review; a decision waits for a second operator. */
function SubmittedRefunds() {
  const queue = useQuery(refundQueueQuery());
  const client = useQueryClient();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const decided = async () => {
    message.success('已提交，等待另一位同事复核后生效');
    await client.invalidateQueries({ queryKey: ['ops'] });
  };
  const approve = async (refundNo: string) => {
    try {
      await requestActs.decideRefund(refundNo, 'APPROVE');
      await decided();
    } catch (e) {
      message.error(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
    }
  };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        同意或拒绝的决定提交后，须由另一位有“复核退款决定”权限的同事在「待我审批」中确认才会生效。
      </Typography.Paragraph>
      {queue.isError && <Alert type="error" showIcon title={(queue.error as Error).message} />}
      <Table<RefundQueueLine>
        rowKey="refundNo"
        loading={queue.isPending}
        dataSource={queue.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: empty('没有待审核的退款申请') }}
        columns={[
          { title: '退款单号', dataIndex: 'refundNo', width: 210 },
          { title: '借款人', dataIndex: 'loginId', width: 120 },
          {
            title: '退款金额（元）',
            dataIndex: 'amount',
            align: 'right',
            width: 130,
            render: (amount: string, row) => <span title={`原支付 ${row.paid} 元`}>{amount}</span>,
          },
          { title: '原因', dataIndex: 'reason' },
          { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'act',
            width: 250,
            fixed: 'right',
            render: (_: unknown, row) =>
              row.pending ? (
                <PendingTag pending={row.pending} />
              ) : (
                <Space>
                  <Popconfirm
                    title={`同意退款 ${row.amount} 元？`}
                    description="提交后须另一位同事复核"
                    okText="提交"
                    cancelText="取消"
                    onConfirm={() => approve(row.refundNo)}
                  >
                    <Button type="primary" size="small">
                      同意
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRejecting(row.refundNo)}>
                    拒绝
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        title={`拒绝退款 ${rejecting ?? ''}`}
        label="拒绝原因（借款人可见）"
        okText="提交拒绝"
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        submit={async (reason) => {
          if (!rejecting) return;
          await requestActs.decideRefund(rejecting, 'REJECT', reason);
          await decided();
        }}
      />
    </Space>
  );
}
