import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { productListQueryOptions } from '../../api/products';
import { calculate, type FieldName, type LoanFields, todayInShanghai } from './calculator-input';
import type { Scenario } from './comparison';
import { LoanInputs } from './LoanInputs';
import { FREE_MODE, ProductPicker } from './ProductPicker';
import { fieldsFromProduct, productErrors } from './product-mode';
import { ResultSummary } from './ResultSummary';
import { ScenarioComparison } from './ScenarioComparison';
import { ScheduleChart } from './ScheduleChart';
import { ScheduleTable } from './ScheduleTable';
import './loan-calculator.css';
import { LOAN_INFO_PATH } from '../../app/paths';
import { NavButton } from '../../components/NavButton';

const FIELD_LABELS: Record<FieldName, string> = {
  amount: '借款金额',
  months: '借款期限',
  ratePercent: '年利率',
  feePercent: '服务费率',
  startDate: '起息日',
  firstDueDate: '首期还款日',
};
/** Where an application starts: the product list. */
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
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [searchParams, setSearchParams] = useSearchParams();
  const productCode = searchParams.get('productCode') ?? FREE_MODE;
  const products = useQuery(productListQueryOptions());
  const items = products.data?.items ?? [];
  const product = items.find((p) => p.productCode === productCode) ?? null;
  const unknownProduct = productCode !== FREE_MODE && products.isSuccess && product === null;

  // a product (picked, or from ?productCode=) fills the fields once, when it becomes the product
  useEffect(() => {
    if (!product) return;
    setCustomTerm(false);
    setFields((current) => ({ ...current, ...fieldsFromProduct(product, current) }));
  }, [product]);

  const pick = (code: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (code === FREE_MODE) next.delete('productCode');
        else next.set('productCode', code);
        return next;
      },
      { replace: true },
    );

  const calculation = useMemo(() => {
    const result = calculate(fields);
    if (!product || !result.ok) return result;
    const errors = productErrors(product, fields);
    return Object.keys(errors).length > 0 ? { ok: false as const, errors } : result;
  }, [fields, product]);
  const errors = calculation.ok ? {} : calculation.errors;
  const loanValid = !SHARED_FIELDS.some((field) => errors[field]);
  const change = (patch: Partial<LoanFields>) => setFields((current) => ({ ...current, ...patch }));

  return (
    <Flex vertical gap={16} className="loan-calculator">
      <Card variant="borderless" title="借款条件">
        <ProductPicker
          products={items}
          loading={products.isPending}
          failed={products.isError}
          onRetry={() => void products.refetch()}
          value={product ? product.productCode : FREE_MODE}
          onChange={pick}
        />
        {unknownProduct && (
          <Alert
            className="form-alert"
            type="warning"
            showIcon
            title={`未找到产品 ${productCode}，已使用自定义模式`}
          />
        )}
        <LoanInputs
          product={product}
          value={fields}
          errors={errors}
          customTerm={customTerm}
          onCustomTermChange={setCustomTerm}
          onChange={change}
        />
      </Card>
      <Card
        variant="borderless"
        title="计算结果"
        extra={
          // applying starts from the product list: it checks the store and opens the chosen bank's steps
          <NavButton to={LOAN_INFO_PATH}>立即申请</NavButton>
        }
      >
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
          products={items}
          productsLoading={products.isPending}
          scenarios={scenarios}
          onChange={setScenarios}
        />
      </Card>
    </Flex>
  );
}
