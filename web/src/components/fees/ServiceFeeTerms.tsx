import { type ServiceFee, serviceFeeDescription, serviceFeeRuleSentence } from '@loan/domain';
import { Flex, Typography } from 'antd';

/** A product's service fee with when it is charged, both in the domain's words. */
export function ServiceFeeTerms({ fee }: { fee: Pick<ServiceFee, 'kind' | 'rate'> | null | undefined }) {
  const rule = serviceFeeRuleSentence(fee);
  return (
    <Flex vertical gap={2}>
      <span>{serviceFeeDescription(fee)}</span>
      {rule && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rule}
        </Typography.Text>
      )}
    </Flex>
  );
}
