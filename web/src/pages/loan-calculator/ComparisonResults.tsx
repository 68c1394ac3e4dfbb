import { formatPercent, formatYuan, type Schedule } from '@loan/domain';
import { Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useIsPhone } from '../../app/useIsPhone';
import { AmountGrid } from '../../components/records/AmountGrid';
import { cheapest, type ScenarioResult } from './comparison';
import { paymentText } from './schedule-text';

interface Metric {
  key: string;
  label: string;
  show: (s: Schedule) => string;
  /** Lower is better and is highlighted. */
  rank?: (s: Schedule) => number;
}

const METRICS: Metric[] = [
  { key: 'payment', label: '每期还款（元）', show: paymentText },
  { key: 'interest', label: '总利息（元）', show: (s) => formatYuan(s.totals.interestFen) },
  { key: 'fee', label: '总服务费（元）', show: (s) => formatYuan(s.totals.feeFen) },
  {
    key: 'total',
    label: '还款总额（元）',
    show: (s) => formatYuan(s.totals.paymentFen),
    rank: (s) => s.totals.paymentFen,
  },
  {
    key: 'apr',
    label: '年化利率',
    show: (s) => formatPercent(s.annualisedRate),
    rank: (s) => Number(s.annualisedRate.toFixed(6)),
  },
];

/** One scenario's figure: "—" when it cannot be priced, highlighted with 最低 when it is the lowest. */
function MetricValue({
  results,
  index,
  metric,
}: {
  results: ScenarioResult[];
  index: number;
  metric: Metric;
}) {
  const calculation = results[index]?.calculation;
  if (!calculation?.ok) return <Typography.Text type="secondary">—</Typography.Text>;
  const best = metric.rank && cheapest(results, metric.rank).has(index);
  const text = metric.show(calculation.schedule);
  return best ? (
    <span className="calc-best" data-testid={`best-${metric.key}`}>
      <Typography.Text strong type="success">
        {text}
      </Typography.Text>{' '}
      <Tag color="success">最低</Tag>
    </span>
  ) : (
    text
  );
}

function comparisonColumns(results: ScenarioResult[]): TableColumnsType<Metric> {
  return [
    { title: '项目', dataIndex: 'label', width: 120, fixed: 'left' },
    ...results.map((result, index) => ({
      title: result.name,
      key: `scenario-${index}`,
      align: 'right' as const,
      render: (_: unknown, metric: Metric) => <MetricValue results={results} index={index} metric={metric} />,
    })),
  ];
}

/**
 * The scenarios' figures side by side: a table whose rows are the figures, and on phones, where a table of
 * three scenarios would be cut, a card per scenario with all its figures.
 */
export function ComparisonResults({ results }: { results: ScenarioResult[] }) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Flex vertical gap={12} className="calc-comparison-table" role="list" aria-label="方案对比结果">
        {results.map((result, index) => (
          <Card key={result.name} size="small" title={result.name} role="listitem" aria-label={result.name}>
            <AmountGrid
              items={METRICS.map((metric) => ({
                key: metric.key,
                label: metric.label,
                value: <MetricValue results={results} index={index} metric={metric} />,
              }))}
            />
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <Table<Metric>
      className="calc-comparison-table"
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      columns={comparisonColumns(results)}
      dataSource={METRICS}
      scroll={{ x: 120 + 200 * results.length }}
    />
  );
}
