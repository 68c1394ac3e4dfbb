import {
  formatDateTime,
  SETTLEMENT_QUOTE_VALIDITY_TEXT,
  SETTLEMENT_RULE_TEXT,
  type SettlementQuote,
} from '@loan/domain';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import { yuanText } from '../../components/application/ApplicationParts';

/**
 * What settling costs, part by part, as the server quoted it: principal, interest for the days used, fees charged,
 * penalty, what was paid ahead and is taken off, the total; what is forgiven and the rule, in the words the
 * agreement uses (SETTLEMENT_RULE_TEXT).
 */
export function SettlementQuoteView({ quote }: { quote: SettlementQuote }) {
  const hasCredit = quote.credit !== '0.00';
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'asOf', label: '计息截至', children: quote.asOfDate },
          { key: 'valid', label: '报价有效至', children: formatDateTime(quote.validUntil) },
          { key: 'principal', label: '剩余本金', children: yuanText(quote.principal) },
          { key: 'interest', label: '利息（按实际天数）', children: yuanText(quote.interest) },
          { key: 'fee', label: '应缴服务费', children: yuanText(quote.fee) },
          { key: 'penalty', label: '罚息', children: yuanText(quote.penalty) },
          ...(hasCredit
            ? [{ key: 'credit', label: '已缴抵扣', children: `−${yuanText(quote.credit)}` }]
            : []),
          { key: 'waived', label: '免收服务费', children: yuanText(quote.feeWaived) },
          {
            key: 'total',
            label: '结清总额',
            children: (
              <Typography.Text strong data-testid="quote-total">
                {yuanText(quote.total)}
              </Typography.Text>
            ),
          },
        ]}
      />
      {(quote.feeNote || quote.creditNote) && (
        <Alert type="info" showIcon title={[quote.feeNote, quote.creditNote].filter(Boolean).join('；')} />
      )}
      <Typography.Text type="secondary">
        {SETTLEMENT_QUOTE_VALIDITY_TEXT}。{SETTLEMENT_RULE_TEXT}
      </Typography.Text>
    </Flex>
  );
}
