import type { LoanContractKeyFacts } from '@loan/domain';
import { Col, Descriptions, Row, Statistic } from 'antd';
import { rateText, yuanText } from '../application/ApplicationParts';
import { DESCRIPTION_STYLES, moneyText } from './contract-format';

/** A figure the tests find by `key-…`. */
const marked = (key: string, text: string) => <span data-testid={`key-${key}`}>{text}</span>;

const paymentText = (payment: LoanContractKeyFacts['firstPayment']) =>
  `${payment.dueDate} 应还 ${yuanText(payment.amount)}`;

/**
 * The figures a borrower must see first (关键信息), all from the contract's own schedule: the three that decide
 * (amount, 年化利率, total to repay) large, then term, method, interest, fees and the first and last payments.
 */
export function ContractKeyFacts({ facts }: { facts: LoanContractKeyFacts }) {
  const large = [
    { key: 'amount', title: '借款金额（元）', value: moneyText(facts.amount), xs: 24 },
    { key: 'annualised-rate', title: '年化利率', value: rateText(facts.annualisedRate), xs: 12 },
    { key: 'total-repay', title: '还款总额（元）', value: moneyText(facts.totalRepay), xs: 12 },
  ];
  return (
    <section aria-label="关键信息" className="contract-key-facts">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {large.map(({ key, title, value, xs }) => (
          <Col key={key} xs={xs} sm={8}>
            <Statistic title={title} value={value} data-testid={`key-${key}`} />
          </Col>
        ))}
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
            children: marked('total-interest', yuanText(facts.totalInterest)),
          },
          { key: 'fees', label: '总服务费', children: marked('total-fees', yuanText(facts.totalFees)) },
          {
            key: 'first',
            label: '首期还款',
            children: marked('first-payment', paymentText(facts.firstPayment)),
          },
          {
            key: 'last',
            label: '末期还款',
            children: marked('last-payment', paymentText(facts.lastPayment)),
          },
        ]}
      />
    </section>
  );
}
