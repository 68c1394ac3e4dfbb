import { ReloadOutlined } from '@ant-design/icons';
import {
  formatDateTime,
  OPS_API,
  PRINCIPAL_LABELS,
  type PrincipalBankRow,
  type PrincipalFigures,
  type PrincipalRow,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { downloadReport, principalQuery } from '../../api/reports';
import { empty } from '../../app/empty';
import { ExportButton, money, moneyColumn } from './report-parts';

/** The four figures as columns: two counts, then the two amounts. */
function figureColumns<T extends PrincipalFigures>(): TableColumnsType<T> {
  return [
    { title: PRINCIPAL_LABELS.loans, dataIndex: 'loans', align: 'right', width: 100 },
    { title: PRINCIPAL_LABELS.openLoans, dataIndex: 'openLoans', align: 'right', width: 110 },
    moneyColumn<T>(PRINCIPAL_LABELS.disbursed, 'disbursed', 170),
    moneyColumn<T>(PRINCIPAL_LABELS.outstanding, 'outstanding', 170),
  ];
}

/** The totals row under a table whose first `leading` columns are names. */
function totalsRow(totals: PrincipalFigures | undefined, leading: number) {
  if (!totals) return null;
  const cells: [keyof PrincipalFigures, ReactNode][] = [
    ['loans', totals.loans],
    ['openLoans', totals.openLoans],
    ['disbursed', money(totals.disbursed)],
    ['outstanding', money(totals.outstanding)],
  ];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={leading}>
        合计
      </Table.Summary.Cell>
      {cells.map(([key, cell], i) => (
        <Table.Summary.Cell key={key} index={leading + i} align="right">
          {cell}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** 本金余额: disbursed and outstanding principal now, by partner bank and product, with each bank's and the total. */
export default function PrincipalTab() {
  const query = useQuery(principalQuery());
  const report = query.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
        <ExportButton run={() => downloadReport(OPS_API.reportPrincipalExport, {}, '本金余额.xlsx')} />
        {report && (
          <Typography.Text type="secondary">
            统计时间：{formatDateTime(report.asOf)}（北京时间）
          </Typography.Text>
        )}
      </Space>
      {query.isError && <Alert type="error" showIcon title={(query.error as Error).message} />}
      <Table<PrincipalRow>
        title={() => '按产品'}
        rowKey={(row) => `${row.bank}/${row.productCode}`}
        size="small"
        loading={query.isLoading}
        dataSource={report?.rows ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: empty('尚无放款') }}
        columns={[
          { title: '合作机构', dataIndex: 'bankName', width: 140 },
          {
            title: '产品',
            key: 'product',
            width: 200,
            render: (_: unknown, row) => `${row.productName}（${row.productCode}）`,
          },
          ...figureColumns<PrincipalRow>(),
        ]}
        summary={() => (report?.rows.length ? totalsRow(report.totals, 2) : null)}
      />
      <Table<PrincipalBankRow>
        title={() => '按合作机构'}
        rowKey="bank"
        size="small"
        loading={query.isLoading}
        dataSource={report?.banks ?? []}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: empty('尚无放款') }}
        columns={[
          { title: '合作机构', dataIndex: 'bankName', width: 140 },
          ...figureColumns<PrincipalBankRow>(),
        ]}
        summary={() => (report?.banks.length ? totalsRow(report.totals, 1) : null)}
      />
    </Space>
  );
}
