import { QuestionCircleOutlined } from '@ant-design/icons';
import { formatPercent, formatYuan, type Schedule } from '@loan/domain';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { ANNUALISED_RATE_TIP, paymentText } from './schedule-text';

function Figure({ title, value, testId }: { title: ReactNode; value: string; testId: string }) {
  return (
    <Card size="small" className="calc-figure" data-testid={testId}>
      <Statistic title={title} value={value} styles={{ content: { fontSize: 20 } }} />
    </Card>
  );
}

/** The totals of a schedule: instalment, interest, fees, total repayment and annualised rate. */
export function ResultSummary({ schedule }: { schedule: Schedule }) {
  const { totals } = schedule;
  const figures = [
    { key: 'payment', title: '每期还款（元）', value: paymentText(schedule) },
    { key: 'interest', title: '总利息（元）', value: formatYuan(totals.interestFen) },
    { key: 'fee', title: '总服务费（元）', value: formatYuan(totals.feeFen) },
    { key: 'total', title: '还款总额（元）', value: formatYuan(totals.paymentFen) },
    {
      key: 'apr',
      title: (
        <span>
          年化利率{' '}
          <Tooltip title={ANNUALISED_RATE_TIP}>
            <QuestionCircleOutlined aria-label="年化利率说明" />
          </Tooltip>
        </span>
      ),
      value: formatPercent(schedule.annualisedRate),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={24} sm={12} xl={figure.key === 'payment' ? 8 : 4}>
          <Figure title={figure.title} value={figure.value} testId={`calc-${figure.key}`} />
        </Col>
      ))}
    </Row>
  );
}
