import {
  FEE_INCOME_LABELS,
  type FeeIncomeBy,
  type FeeIncomeFigures,
  type FeeIncomeRow,
  feeIncomeRange,
  OPS_API,
  shanghaiDate,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Segmented, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadReport, type FeeIncomeFilter, feeIncomeQuery } from '../../api/reports';
import { empty } from '../../app/empty';
import { ExportButton, money, moneyColumn } from './report-parts';

const FIGURES = Object.keys(FEE_INCOME_LABELS) as (keyof FeeIncomeFigures)[];

/** The default range of a way of counting: this month by day, the last twelve months by month. */
function defaultFilter(by: FeeIncomeBy): FeeIncomeFilter {
  const { range } = feeIncomeRange({ by }, shanghaiDate());
  return range ?? { from: shanghaiDate(), to: shanghaiDate(), by };
}

/**
 * 服务费收入: fees settled (cash and coupons), coupons, cash, refunds and net, by day or by month (Shanghai) over a
 * range the domain's limits allow (checked here before asking, as the server checks it).
 */
export default function FeeIncomeTab() {
  const [filter, setFilter] = useState<FeeIncomeFilter>(() => defaultFilter('day'));
  const { problem } = feeIncomeRange(filter, shanghaiDate());
  const query = useQuery({ ...feeIncomeQuery(filter), enabled: problem === null });
  const report = query.data;
  const monthly = filter.by === 'month';
  const pick = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = values ?? [null, null];
    if (!from || !to) return;
    setFilter({
      by: filter.by,
      from: (monthly ? from.startOf('month') : from).format('YYYY-MM-DD'),
      to: (monthly ? to.endOf('month') : to).format('YYYY-MM-DD'),
    });
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<FeeIncomeBy>
          aria-label="统计方式"
          value={filter.by}
          options={[
            { label: '按日', value: 'day' },
            { label: '按月', value: 'month' },
          ]}
          onChange={(by) => setFilter(defaultFilter(by))}
        />
        <DatePicker.RangePicker
          aria-label="统计范围"
          picker={monthly ? 'month' : 'date'}
          value={[dayjs(filter.from), dayjs(filter.to)]}
          allowClear={false}
          onChange={pick}
        />
        <ExportButton
          run={() =>
            downloadReport(
              OPS_API.reportFeeIncomeExport,
              { ...filter },
              `服务费收入-${filter.from}-${filter.to}.xlsx`,
            )
          }
        />
      </Space>
      <Typography.Text type="secondary">
        按日最长 366 天，按月最长 24 个月；日期为北京时间。实收为现金收到的服务费，净收入 = 实收 − 退款。
      </Typography.Text>
      {problem && <Alert type="warning" showIcon title={problem} />}
      {query.isError && <Alert type="error" showIcon title={(query.error as Error).message} />}
      <Table<FeeIncomeRow>
        rowKey="period"
        size="small"
        loading={query.isLoading}
        dataSource={problem ? [] : (report?.rows ?? [])}
        pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 880 }}
        locale={{ emptyText: empty('所选范围内没有服务费收入') }}
        columns={[
          { title: monthly ? '月份' : '日期', dataIndex: 'period', width: 110, fixed: 'left' },
          ...FIGURES.map((key) => moneyColumn<FeeIncomeRow>(FEE_INCOME_LABELS[key], key)),
        ]}
        summary={() =>
          report && !problem ? (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                {FIGURES.map((key, i) => (
                  <Table.Summary.Cell key={key} index={i + 1} align="right">
                    {money(report.totals[key])}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Space>
  );
}
