import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatPercent, formatYuan, type Schedule } from '@loan/domain';
import { Alert, Button, Card, Col, Form, Row, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import type { LoanFields, PricingFields } from './calculator-input';
import { calculateScenarios, cheapest, MAX_SCENARIOS, type ScenarioResult } from './comparison';
import { PricingInputs } from './PricingInputs';
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

const SPAN = { xs: 24 };

function comparisonColumns(results: ScenarioResult[]): TableColumnsType<Metric> {
  return [
    { title: '项目', dataIndex: 'label', width: 120, fixed: 'left' },
    ...results.map((result, index) => ({
      title: result.name,
      key: result.name,
      align: 'right' as const,
      render: (_: unknown, metric: Metric) => {
        const { calculation } = result;
        if (!calculation.ok) return <Typography.Text type="secondary">—</Typography.Text>;
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
      },
    })),
  ];
}

interface Props {
  loan: LoanFields;
  loanValid: boolean;
  scenarios: PricingFields[];
  onChange: (scenarios: PricingFields[]) => void;
}

/** 方案对比: up to three pricings of the same amount and term, side by side. */
export function ScenarioComparison({ loan, loanValid, scenarios, onChange }: Props) {
  const results = useMemo(() => calculateScenarios(loan, scenarios), [loan, scenarios]);
  const update = (index: number, patch: Partial<PricingFields>) =>
    onChange(scenarios.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const add = () =>
    onChange([
      ...scenarios,
      { method: loan.method, ratePercent: loan.ratePercent, fee: loan.fee, feePercent: loan.feePercent },
    ]);

  return (
    <>
      <Typography.Paragraph type="secondary">
        以相同的借款金额、期限和起息日，对比不同还款方式、利率和服务费下的还款情况，最多 {MAX_SCENARIOS}{' '}
        个方案。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {results.map((result, index) => (
          <Col key={result.name} xs={24} md={12} xl={8}>
            <Card
              size="small"
              title={result.name}
              extra={
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`删除${result.name}`}
                  onClick={() => onChange(scenarios.filter((_, i) => i !== index))}
                />
              }
            >
              <fieldset className="calc-scenario-fields" aria-label={result.name}>
                <Form layout="vertical" requiredMark={false} component="div">
                  <Row gutter={16}>
                    <PricingInputs
                      idPrefix={`scenario-${index + 1}`}
                      value={scenarios[index] as PricingFields}
                      errors={result.calculation.ok ? {} : result.calculation.errors}
                      onChange={(patch) => update(index, patch)}
                      span={SPAN}
                    />
                  </Row>
                </Form>
              </fieldset>
            </Card>
          </Col>
        ))}
      </Row>
      {scenarios.length < MAX_SCENARIOS && (
        <Button icon={<PlusOutlined />} onClick={add} className="calc-add-scenario">
          添加方案
        </Button>
      )}
      {scenarios.length > 0 &&
        (loanValid ? (
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
        ) : (
          <Alert
            className="calc-comparison-table"
            type="warning"
            showIcon
            title="请先在上方填写有效的借款金额、期限和起息日，再对比方案"
          />
        ))}
    </>
  );
}
