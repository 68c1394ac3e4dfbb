import {
  auditLabel,
  FEE_ITEM_KIND_LABELS,
  FEE_ITEM_STATUS_LABELS,
  formatDateTime,
  INSTALMENT_STATUS_DISPLAY,
  SUB_ACCOUNT_STATE_LABELS,
  timelineLine,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { type BorrowerActivity as Activity, borrowerActivityQuery } from '../../api/borrowers';
import { empty } from '../../app/empty';

const money = (title: string, dataIndex: string) => ({
  title,
  dataIndex,
  align: 'right' as const,
  width: 110,
});

/** 还款计划: each loan's instalments, as the borrower's loan page shows them. */
function Schedules({ data }: { data: Activity }) {
  if (data.schedules.length === 0) return empty('没有借款');
  return data.schedules.map((loan) => (
    <Table
      key={loan.loanId}
      title={() => `借款 ${loan.loanId}（申请 ${loan.rowId}）`}
      rowKey="seq"
      size="small"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={loan.instalments}
      style={{ marginBottom: 16 }}
      columns={[
        { title: '期数', dataIndex: 'seq', width: 60 },
        { title: '应还日', dataIndex: 'dueDate', width: 110 },
        money('本金（元）', 'principal'),
        money('利息（元）', 'interest'),
        money('服务费（元）', 'fee'),
        money('罚息（元）', 'penalty'),
        money('应还（元）', 'due'),
        money('减免（元）', 'waived'),
        money('未还（元）', 'outstanding'),
        {
          title: '状态',
          dataIndex: 'status',
          width: 100,
          render: (s: keyof typeof INSTALMENT_STATUS_DISPLAY) => (
            <Tag color={INSTALMENT_STATUS_DISPLAY[s].colour}>{INSTALMENT_STATUS_DISPLAY[s].label}</Tag>
          ),
        },
      ]}
    />
  ));
}

/**
 * The money and history half of the borrower 360, in tabs: 还款计划, 服务费, 付款记录, 申请进度, 收款账户, 登录记录;
 * every figure from the same view the borrower's pages use.
 */
export function BorrowerActivity({ loginId }: { loginId: string }) {
  const query = useQuery(borrowerActivityQuery(loginId));
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const data = query.data;
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        资金与记录
      </Typography.Title>
      <Tabs
        size="small"
        items={[
          { key: 'schedule', label: '还款计划', children: <Schedules data={data} /> },
          {
            key: 'fees',
            label: '服务费',
            children: (
              <Table
                rowKey="feeId"
                size="small"
                pagination={{ pageSize: 12, hideOnSinglePage: true }}
                scroll={{ x: 900 }}
                dataSource={data.feeItems}
                locale={{ emptyText: empty('没有服务费') }}
                columns={[
                  { title: '借款', dataIndex: 'loanId', width: 70 },
                  {
                    title: '项目',
                    dataIndex: 'kind',
                    width: 110,
                    render: (k: keyof typeof FEE_ITEM_KIND_LABELS) => FEE_ITEM_KIND_LABELS[k],
                  },
                  { title: '应缴日', dataIndex: 'dueDate', width: 110 },
                  money('金额（元）', 'amount'),
                  money('优惠（元）', 'discount'),
                  money('已缴（元）', 'paid'),
                  money('已退（元）', 'refunded'),
                  money('减免（元）', 'waived'),
                  money('未缴（元）', 'outstanding'),
                  {
                    title: '状态',
                    dataIndex: 'status',
                    width: 90,
                    render: (s: keyof typeof FEE_ITEM_STATUS_LABELS) => (
                      <Tag>{FEE_ITEM_STATUS_LABELS[s]}</Tag>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'payments',
            label: '付款记录',
            children: (
              <Table
                rowKey="outTradeNo"
                size="small"
                pagination={false}
                scroll={{ x: 760 }}
                dataSource={data.payments}
                locale={{ emptyText: empty('没有付款') }}
                columns={[
                  { title: '订单号', dataIndex: 'outTradeNo', width: 200 },
                  { title: '渠道', dataIndex: 'channelLabel', width: 90 },
                  money('实付（元）', 'amount'),
                  money('优惠（元）', 'discount'),
                  money('已退（元）', 'refunded'),
                  {
                    title: '状态',
                    dataIndex: 'statusLabel',
                    width: 90,
                    render: (v: string) => <Tag>{v}</Tag>,
                  },
                  {
                    title: '创建时间',
                    dataIndex: 'createdAt',
                    width: 170,
                    render: (v: string) => formatDateTime(v),
                  },
                ]}
              />
            ),
          },
          {
            key: 'timelines',
            label: '申请进度',
            children:
              data.timelines.length === 0
                ? empty('没有申请')
                : data.timelines.map((app) => (
                    <div key={app.rowId} style={{ marginBottom: 16 }}>
                      <Typography.Text strong>申请 {app.rowId}</Typography.Text>
                      <Timeline
                        style={{ marginTop: 12 }}
                        items={app.events.map((event) => {
                          const line = timelineLine(event);
                          return {
                            key: `${event.at}-${event.event}`,
                            content: (
                              <>
                                <Typography.Text>
                                  {formatDateTime(event.at)} · {line.actor} · {line.action}
                                </Typography.Text>
                                {line.note && (
                                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                                    {line.note}
                                  </Typography.Paragraph>
                                )}
                              </>
                            ),
                          };
                        })}
                      />
                    </div>
                  )),
          },
          {
            key: 'accounts',
            label: '收款账户',
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                scroll={{ x: 640 }}
                dataSource={data.receivingAccounts}
                locale={{ emptyText: empty('没有收款账户') }}
                columns={[
                  { title: '开户行', dataIndex: 'bankName', width: 120 },
                  { title: '账号', dataIndex: 'accountNoMasked', width: 180 },
                  {
                    title: '状态',
                    dataIndex: 'state',
                    width: 100,
                    render: (s: keyof typeof SUB_ACCOUNT_STATE_LABELS) => (
                      <Tag>{SUB_ACCOUNT_STATE_LABELS[s]}</Tag>
                    ),
                  },
                  {
                    title: '申请时间',
                    dataIndex: 'requestedAt',
                    width: 170,
                    render: (v: string) => formatDateTime(v),
                  },
                ]}
              />
            ),
          },
          {
            key: 'sign-ins',
            label: '登录记录',
            children: (
              <Table
                rowKey={(row) => `${row.at}-${row.action}`}
                size="small"
                pagination={false}
                scroll={{ x: 640 }}
                dataSource={data.signIns}
                locale={{ emptyText: empty('没有登录记录') }}
                columns={[
                  { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
                  { title: '动作', dataIndex: 'action', width: 140, render: (v: string) => auditLabel(v) },
                  { title: '来源地址', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
                  {
                    title: '设备',
                    dataIndex: 'userAgent',
                    ellipsis: true,
                    render: (v: string | null) => v ?? '—',
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
