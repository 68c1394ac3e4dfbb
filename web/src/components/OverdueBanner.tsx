import { OVERDUE_BUCKET_LABEL, overdueBucket, PENALTY_SENTENCE } from '@loan/domain';
import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { money } from './payments/pay-labels';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <span>
      {label}{' '}
      <Typography.Text strong type="danger" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </span>
  );
}

/**
 * The overdue banner of My account and the loan detail: what the overdue instalments owe today (penalty counted to
 * today), the days past due of the oldest, its bucket (M1…M3+), the penalty rule, and what to do (立即还款).
 * Nothing when nothing is past due.
 */
export function OverdueBanner({
  amount,
  penalty,
  days,
  instalments,
  action,
}: {
  /** yuan, penalty to today included */
  amount: string;
  /** yuan, of which penalty interest to today */
  penalty: string;
  /** days past due of the oldest overdue instalment */
  days: number;
  /** how many instalments are overdue */
  instalments: number;
  action: ReactNode;
}) {
  const bucket = overdueBucket(days);
  if (!bucket) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="overdue-banner"
      title={
        instalments > 1 ? `您有 ${instalments} 期还款已逾期，请尽快还款` : '您有一期还款已逾期，请尽快还款'
      }
      description={
        <Flex vertical gap={8}>
          <Flex wrap gap="4px 24px">
            <Figure label="逾期应还（含罚息）" value={`${money(amount)} 元`} testId="overdue-amount" />
            <Figure label="其中截至今日罚息" value={`${money(penalty)} 元`} testId="overdue-penalty" />
            <Figure label="已逾期" value={`${days} 天`} testId="overdue-days" />
            <Figure label="逾期阶段" value={OVERDUE_BUCKET_LABEL[bucket]} testId="overdue-bucket" />
          </Flex>
          <Typography.Text type="secondary">{PENALTY_SENTENCE}。</Typography.Text>
          <div>{action}</div>
        </Flex>
      }
    />
  );
}
