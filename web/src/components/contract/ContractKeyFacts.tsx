import type { LoanContractKeyFacts } from '@loan/domain';
import { Col, Descriptions, Row, Statistic } from 'antd';
import { rateText, yuanText } from '../application/ApplicationParts';
import { DESCRIPTION_STYLES, moneyText } from './contract-format';

/**
 * The figures a borrower must see first (关键信息), all from the contract's own schedule: the three that decide
 * (amount, 年化利率, total to repay) large, then term, method, interest, fees and the first and last payments.
 */
export function ContractKeyFacts({ facts }: { facts: LoanContractKeyFacts }) {
  return (
    <section aria-label="关键信息" className="contract-key-facts">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <Statistic title="借款金额（元）" value={moneyText(facts.amount)} data-testid="key-amount" />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic
            title="年化利率"
            value={rateText(facts.annualisedRate)}
            data-testid="key-annualised-rate"
          />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic
            title="还款总额（元）"
            value={moneyText(facts.totalRepay)}
            data-testid="key-total-repay"
          />
        </Col>
      </Row>
      <Descriptions
        size="small"
        bordered
        styles={DESCRIPTION_STYLES}
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'term', label: '借款期限', children: `${facts.termMonths} 个月` },
          { key: 'method', label: '还款方式', children: facts.methodLabel },
          {
            key: 'interest',
            label: '总利息',
            children: <span data-testid="key-total-interest">{yuanText(facts.totalInterest)}</span>,
          },
          {
            key: 'fees',
            label: '总服务费',
            children: <span data-testid="key-total-fees">{yuanText(facts.totalFees)}</span>,
          },
          {
            key: 'first',
            label: '首期还款',
            children: (
              <span data-testid="key-first-payment">
                {facts.firstPayment.dueDate} 应还 {yuanText(facts.firstPayment.amount)}
              </span>
            ),
          },
          {
            key: 'last',
            label: '末期还款',
            children: (
              <span data-testid="key-last-payment">
                {facts.lastPayment.dueDate} 应还 {yuanText(facts.lastPayment.amount)}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
