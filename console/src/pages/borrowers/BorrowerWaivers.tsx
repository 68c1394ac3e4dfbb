import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Waivable, waivableQuery } from '../../api/waivers';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';
import { WaiverDialog, type WaiverSubject } from './WaiverDialog';

type Pending = Waivable['fees'][number]['pending'];

/** The act of a row: 申请减免, or who already asked. */
function asked(pending: Pending, open: () => void) {
  if (pending) return <Tag color="processing">待复核（{pending.makerName}）</Tag>;
  return (
    <Button size="small" onClick={open}>
      申请减免
    </Button>
  );
}

/** 减免: the borrower's service fees still owed and the penalty of overdue instalments, each with 申请减免. */
export function BorrowerWaivers({ loginId }: { loginId: string }) {
  const waivable = useQuery(waivableQuery(loginId));
  const act = useAct();
  const [subject, setSubject] = useState<WaiverSubject | null>(null);
  const data = waivable.data;
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        待缴服务费
      </Typography.Title>
      {waivable.isError && <Alert type="error" showIcon title={(waivable.error as Error).message} />}
      <Table
        rowKey="feeItemId"
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        loading={waivable.isPending}
        dataSource={data?.fees ?? []}
        locale={{ emptyText: empty('没有待缴的服务费') }}
        columns={[
          { title: '贷款', dataIndex: 'loanId', width: 70 },
          { title: '项目', dataIndex: 'kindLabel' },
          { title: '到期日', dataIndex: 'dueDate' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right' },
          { title: '已减免（元）', dataIndex: 'waived', align: 'right' },
          { title: '尚欠（元）', dataIndex: 'owed', align: 'right' },
          {
            title: '操作',
            key: 'act',
            render: (_: unknown, row) =>
              asked(row.pending, () =>
                setSubject({
                  target: { target: 'FEE', feeItemId: row.feeItemId },
                  title: `贷款 ${row.loanId} ${row.kindLabel}`,
                  owed: row.owed,
                }),
              ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        逾期罚息
      </Typography.Title>
      <Table
        rowKey={(row) => `${row.loanId}-${row.seq}`}
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        loading={waivable.isPending}
        dataSource={data?.penalties ?? []}
        locale={{ emptyText: empty('没有逾期罚息') }}
        columns={[
          { title: '贷款', dataIndex: 'loanId', width: 70 },
          { title: '期次', dataIndex: 'seq', render: (seq: number) => `第 ${seq} 期` },
          { title: '到期日', dataIndex: 'dueDate' },
          { title: '已还罚息（元）', dataIndex: 'paid', align: 'right' },
          { title: '已减免（元）', dataIndex: 'waived', align: 'right' },
          { title: '尚欠罚息（元，计至今日）', dataIndex: 'owed', align: 'right' },
          {
            title: '操作',
            key: 'act',
            render: (_: unknown, row) =>
              row.owed === '0.00'
                ? null
                : asked(row.pending, () =>
                    setSubject({
                      target: { target: 'PENALTY', loanId: row.loanId, seq: row.seq },
                      title: `贷款 ${row.loanId} 第 ${row.seq} 期罚息`,
                      owed: row.owed,
                    }),
                  ),
          },
        ]}
      />
      <WaiverDialog
        subject={subject}
        onClose={(done) => {
          setSubject(null);
          if (done) void act(async () => {}, done);
        }}
      />
    </>
  );
}
