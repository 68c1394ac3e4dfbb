import { Alert, Card, Empty, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  calculate,
  type FieldName,
  type LoanFields,
  type PricingFields,
  todayInShanghai,
} from './calculator-input';
import { LoanInputs } from './LoanInputs';
import { ResultSummary } from './ResultSummary';
import { ScenarioComparison } from './ScenarioComparison';
import { ScheduleChart } from './ScheduleChart';
import { ScheduleTable } from './ScheduleTable';
import './loan-calculator.css';

const FIELD_LABELS: Record<FieldName, string> = {
  amount: '借款金额',
  months: '借款期限',
  ratePercent: '年利率',
  feePercent: '服务费率',
  startDate: '起息日',
  firstDueDate: '首期还款日',
};
/** The fields every scenario of the comparison shares. */
const SHARED_FIELDS: FieldName[] = ['amount', 'months', 'startDate', 'firstDueDate'];

const initialFields = (): LoanFields => ({
  amount: '100000',
  months: 12,
  method: 'EQUAL_INSTALMENT',
  ratePercent: '7.2',
  fee: 'NONE',
  feePercent: '',
  startDate: todayInShanghai(),
  firstDueDate: '',
});

/** /apply/loanDetail: the loan calculator, results as you type, computed by the domain's schedule engine. */
export default function LoanCalculatorPage() {
  const [fields, setFields] = useState<LoanFields>(initialFields);
  const [customTerm, setCustomTerm] = useState(false);
  const [scenarios, setScenarios] = useState<PricingFields[]>([]);
  const calculation = useMemo(() => calculate(fields), [fields]);
  const errors = calculation.ok ? {} : calculation.errors;
  const loanValid = !SHARED_FIELDS.some((field) => errors[field]);
  const change = (patch: Partial<LoanFields>) => setFields((current) => ({ ...current, ...patch }));

  return (
    <Flex vertical gap={16} className="loan-calculator">
      <Card variant="borderless" title="贷款计算器">
        <LoanInputs
          value={fields}
          errors={errors}
          customTerm={customTerm}
          onCustomTermChange={setCustomTerm}
          onChange={change}
        />
      </Card>
      <Card variant="borderless" title="计算结果">
        {calculation.ok ? (
          <ResultSummary schedule={calculation.schedule} />
        ) : (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title="请修正以下内容后查看计算结果"
            description={Object.entries(calculation.errors)
              .map(([field, message]) => `${FIELD_LABELS[field as FieldName]}：${message}`)
              .join('；')}
          />
        )}
        <Typography.Paragraph type="secondary" className="calc-note">
          计算结果仅供参考，实际以合作机构审批及合同为准。
        </Typography.Paragraph>
      </Card>
      <Card variant="borderless" title="每期本金与利息">
        {calculation.ok ? (
          <ScheduleChart schedule={calculation.schedule} />
        ) : (
          <Empty description="输入有效的借款信息后显示图表" />
        )}
      </Card>
      <Card variant="borderless" title="还款计划">
        {calculation.ok ? (
          <ScheduleTable schedule={calculation.schedule} />
        ) : (
          <Empty description="暂无数据" />
        )}
      </Card>
      <Card variant="borderless" title="方案对比">
        <ScenarioComparison
          loan={fields}
          loanValid={loanValid}
          scenarios={scenarios}
          onChange={setScenarios}
        />
      </Card>
    </Flex>
  );
}
