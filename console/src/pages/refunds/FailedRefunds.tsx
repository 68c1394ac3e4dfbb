import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { type FailedRefundLine, failedRefundsQuery, waiverActs } from '../../api/waivers';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';
import { PendingTag } from './PendingTag';
import { ReasonModal } from './ReasonModal';

/**
 * 退款失败: refunds the payment gateway did not make, with its reason; 重新发起 or 关闭 (with a reason), each a
 * request a colleague with 复核退款决定 confirms in 待我审批.
 */
export function FailedRefunds() {
  const failed = useQuery(failedRefundsQuery());
  const run = useAct();
  const [closing, setClosing] = useState<FailedRefundLine | null>(null);
  const asked = '已提交，等待另一位同事复核后生效';
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        重新发起后由系统以原退款单号向支付渠道再次退款（不会重复退款）；关闭表示不再经支付渠道退回，须写明原因（如已线下退回）。
      </Typography.Paragraph>
      {failed.isError && <Alert type="error" showIcon title={(failed.error as Error).message} />}
      <Table<FailedRefundLine>
        rowKey="refundNo"
        loading={failed.isPending}
        dataSource={failed.data ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: empty('没有退款失败的退款') }}
        columns={[
          { title: '退款单号', dataIndex: 'refundNo', width: 210 },
          { title: '借款人', dataIndex: 'loginId', width: 120 },
          { title: '退款金额（元）', dataIndex: 'amount', align: 'right', width: 130 },
          { title: '失败原因', dataIndex: 'failureReason' },
          { title: '已发起次数', dataIndex: 'sends', width: 100, align: 'right' },
          {
            title: '失败时间',
            dataIndex: 'failedAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
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
                    title={`重新发起退款 ${row.amount} 元？`}
                    description="提交后须另一位同事复核"
                    okText="提交"
                    cancelText="取消"
                    onConfirm={() => run(() => waiverActs.decideFailed(row.refundNo, 'RESEND'), asked)}
                  >
                    <Button type="primary" size="small">
                      重新发起
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setClosing(row)}>
                    关闭
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        title={`关闭退款 ${closing?.refundNo ?? ''}`}
        label="关闭原因（借款人可见）"
        okText="提交关闭"
        open={closing !== null}
        onClose={() => setClosing(null)}
        submit={async (reason) => {
          if (!closing) return;
          await waiverActs.decideFailed(closing.refundNo, 'CLOSE', reason);
          await run(async () => {}, asked);
        }}
      />
    </Space>
  );
}
