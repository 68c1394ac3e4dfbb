import {
  OPS_API,
  RECONCILIATION_TOTAL_LABELS,
  type ReconciliationMismatch,
  type ReconciliationReport,
  shanghaiDate,
  shanghaiYesterday,
  type Tally,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { downloadReport, reconciliationQuery } from '../../api/reports';
import { empty } from '../../app/empty';
import { ExportButton, money, moneyColumn } from './report-parts';

interface TotalLine {
  key: keyof typeof RECONCILIATION_TOTAL_LABELS;
  label: string;
  count: number | null;
  amount: string | null;
  /** the gateway was not asked */
  unchecked: boolean;
}

/** The totals as lines: each side's count and amount, then the differences and the net. */
function totalLines(report: ReconciliationReport | undefined): TotalLine[] {
  if (!report) return [];
  const t = report.totals;
  const tally = (key: TotalLine['key'], v: Tally | null): TotalLine => ({
    key,
    label: RECONCILIATION_TOTAL_LABELS[key],
    count: v?.count ?? null,
    amount: v?.amount ?? null,
    unchecked: v === null,
  });
  const amount = (key: TotalLine['key'], v: string | null): TotalLine => ({
    key,
    label: RECONCILIATION_TOTAL_LABELS[key],
    count: null,
    amount: v,
    unchecked: v === null,
  });
  return [
    tally('paidOrders', t.paidOrders),
    tally('ledgerReceipts', t.ledgerReceipts),
    amount('receiptDifference', t.receiptDifference),
    tally('refunds', t.refunds),
    tally('ledgerRefunds', t.ledgerRefunds),
    amount('refundDifference', t.refundDifference),
    tally('gatewayOrders', t.gatewayOrders),
    amount('gatewayOrderDifference', t.gatewayOrderDifference),
    tally('gatewayRefunds', t.gatewayRefunds),
    amount('gatewayRefundDifference', t.gatewayRefundDifference),
    amount('net', t.net),
  ];
}

const mismatchKey = (m: ReconciliationMismatch) =>
  [m.kind, m.outTradeNo ?? '', m.refundNo ?? '', m.ledgerIds.join('.')].join('|');

/** 每日对账: a Shanghai day (yesterday first), its totals on each side and every mismatch with its reason. */
export default function ReconciliationTab() {
  const [date, setDate] = useState(() => shanghaiYesterday(new Date()));
  const query = useQuery(reconciliationQuery(date));
  const report = query.data;
  const today = shanghaiDate();
  const found = report?.mismatches.length ?? 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker
          aria-label="对账日期"
          value={dayjs(date)}
          allowClear={false}
          disabledDate={(day) => day.format('YYYY-MM-DD') > today}
          onChange={(day) => day && setDate(day.format('YYYY-MM-DD'))}
        />
        <ExportButton
          run={() => downloadReport(OPS_API.reportReconciliationExport, { date }, `对账-${date}.xlsx`)}
        />
      </Space>
      {query.isError && <Alert type="error" showIcon title={(query.error as Error).message} />}
      {report && !report.gatewayChecked && (
        <Alert type="warning" showIcon title={report.gatewayNote ?? '本次未与支付网关核对'} />
      )}
      {report && (
        <Alert
          type={found > 0 ? 'error' : 'success'}
          showIcon
          title={
            found > 0
              ? `${date} 发现 ${found} 笔差异，请逐笔核查`
              : `${date} 支付网关、订单与账本一致，没有差异`
          }
        />
      )}
      <Table<TotalLine>
        title={() => '汇总'}
        rowKey="key"
        size="small"
        loading={query.isLoading}
        dataSource={totalLines(report)}
        pagination={false}
        // narrow enough for a phone: the names wrap, the counts and amounts stay in view
        scroll={{ x: 330 }}
        locale={{ emptyText: empty('暂无数据') }}
        columns={[
          { title: '项目', dataIndex: 'label' },
          {
            title: '笔数',
            dataIndex: 'count',
            align: 'right',
            width: 64,
            render: (count: number | null) => count ?? '—',
          },
          {
            title: '金额（元）',
            dataIndex: 'amount',
            align: 'right',
            width: 140,
            render: (amount: string | null, line) => (line.unchecked ? '未核对' : money(amount)),
          },
        ]}
      />
      <Table<ReconciliationMismatch>
        title={() => '差异明细'}
        rowKey={mismatchKey}
        loading={query.isLoading}
        dataSource={report?.mismatches ?? []}
        pagination={false}
        scroll={{ x: 1240 }}
        locale={{ emptyText: empty(report ? '当日没有差异' : '暂无数据') }}
        columns={[
          {
            title: '差异类型',
            dataIndex: 'label',
            width: 200,
            render: (label: string) => <Tag color="error">{label}</Tag>,
          },
          {
            title: '订单号 / 退款单号',
            key: 'subject',
            width: 220,
            render: (_: unknown, m) => m.outTradeNo ?? m.refundNo ?? '—',
          },
          { title: '借款人', dataIndex: 'loginId', width: 110, render: (v: string | null) => v ?? '—' },
          moneyColumn<ReconciliationMismatch>('我方金额', 'ours', 120),
          moneyColumn<ReconciliationMismatch>('账本金额', 'ledger', 120),
          moneyColumn<ReconciliationMismatch>('网关金额', 'gateway', 120),
          { title: '原因', dataIndex: 'reason', width: 350 },
        ]}
      />
    </Space>
  );
}
