import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type PartnerCallLine, partnerCallsQuery, retryPartnerCall } from '../../api/partner-calls';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';

/** 合作方调用: calls a partner has not answered (the borrower sees 3504 meanwhile), or refused lately. */
export default function PartnerCallsPage() {
  const [state, setState] = useState<'OPEN' | 'REFUSED'>('OPEN');
  const calls = useQuery(partnerCallsQuery(state));
  const act = useAct();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        合作方调用
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        未得到答复的调用由系统每分钟以原幂等键重新询问；也可在此立即重试（合作方只会执行一次）。
      </Typography.Paragraph>
      <Segmented
        aria-label="调用状态"
        value={state}
        onChange={(value) => setState(value as 'OPEN' | 'REFUSED')}
        options={[
          { value: 'OPEN', label: '未答复' },
          { value: 'REFUSED', label: '近 7 天被拒绝' },
        ]}
      />
      {calls.isError && <Alert type="error" showIcon title={(calls.error as Error).message} />}
      <Table<PartnerCallLine>
        rowKey="callId"
        loading={calls.isPending}
        dataSource={calls.data ?? []}
        pagination={false}
        scroll={{ x: 980 }}
        locale={{ emptyText: empty(state === 'OPEN' ? '没有未答复的调用' : '近 7 天没有被拒绝的调用') }}
        columns={[
          { title: '编号', dataIndex: 'callId', width: 80 },
          { title: '合作方', dataIndex: 'partner', width: 90 },
          { title: '调用', dataIndex: 'operationLabel', width: 170 },
          { title: '对象', dataIndex: 'subject', width: 180 },
          { title: '次数', dataIndex: 'attempts', width: 70, align: 'right' },
          { title: '最近错误', dataIndex: 'lastError', render: (v: string | null) => v ?? '—' },
          { title: '发起时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'act',
            width: 120,
            fixed: 'right',
            render: (_: unknown, call) =>
              call.state !== 'OPEN' ? (
                <Tag>已拒绝</Tag>
              ) : call.held ? (
                <Tag color="processing">等待答复中</Tag>
              ) : (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => act(() => retryPartnerCall(call.callId), '已重新询问合作方')}
                >
                  立即重试
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
