import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProductCard } from '@loan/domain';
import { Alert, Button, Card, Col, Form, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { ComparisonResults } from './ComparisonResults';
import type { LoanFields } from './calculator-input';
import { calculateScenarios, MAX_SCENARIOS, SCENARIO_NAMES, type Scenario } from './comparison';
import { PricingInputs } from './PricingInputs';
import { FREE_MODE, productOptions } from './ProductPicker';
import { pricingOfProduct } from './product-mode';

const SPAN = { xs: 24 };

interface Props {
  loan: LoanFields;
  loanValid: boolean;
  /** the partner banks' products a scenario can take its pricing from */
  products: readonly ProductCard[];
  productsLoading: boolean;
  scenarios: Scenario[];
  onChange: (scenarios: Scenario[]) => void;
}

/**
 * 方案对比: up to three products or pricings of the same amount and term, side by side. A product fills the
 * scenario's method, rate and fee (the rate stays editable) and says when it does not lend this amount or term.
 */
export function ScenarioComparison({
  loan,
  loanValid,
  products,
  productsLoading,
  scenarios,
  onChange,
}: Props) {
  const results = useMemo(() => calculateScenarios(loan, scenarios, products), [loan, scenarios, products]);
  const options = useMemo(() => productOptions(products, '自定义'), [products]);
  const update = (index: number, patch: Partial<Scenario>) =>
    onChange(scenarios.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const pick = (index: number, productCode: string) => {
    const product = products.find((p) => p.productCode === productCode);
    update(index, product ? { productCode, ...pricingOfProduct(product) } : { productCode: FREE_MODE });
  };
  const add = () =>
    onChange([
      ...scenarios,
      {
        productCode: FREE_MODE,
        method: loan.method,
        ratePercent: loan.ratePercent,
        fee: loan.fee,
        feePercent: loan.feePercent,
      },
    ]);

  return (
    <>
      <Typography.Paragraph type="secondary">
        以相同的借款金额、期限和起息日，对比不同产品（或自行填写的还款方式、利率和服务费）的还款情况，最多{' '}
        {MAX_SCENARIOS} 个方案。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {results.map((result, index) => (
          <Col key={SCENARIO_NAMES[index]} xs={24} md={12} xl={8}>
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
              <fieldset className="calc-scenario-fields" aria-label={SCENARIO_NAMES[index]}>
                <Form layout="vertical" requiredMark={false} component="div">
                  <Row gutter={16}>
                    <Col {...SPAN}>
                      <Form.Item label="产品" htmlFor={`scenario-${index + 1}-product`}>
                        <Select
                          id={`scenario-${index + 1}-product`}
                          loading={productsLoading}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={options}
                          value={result.product ? result.product.productCode : FREE_MODE}
                          onChange={(code: string) => pick(index, code)}
                        />
                      </Form.Item>
                    </Col>
                    <PricingInputs
                      idPrefix={`scenario-${index + 1}`}
                      value={scenarios[index] as Scenario}
                      errors={result.calculation.ok ? {} : result.calculation.errors}
                      onChange={(patch) => update(index, patch)}
                      span={SPAN}
                      locked={result.product !== null}
                    />
                  </Row>
                </Form>
                {result.product && !result.calculation.ok && (
                  <Alert
                    type="warning"
                    showIcon
                    title={`该产品不适用当前借款：${
                      result.calculation.errors.amount ?? result.calculation.errors.months ?? '请检查利率'
                    }`}
                  />
                )}
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
          <ComparisonResults results={results} />
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
