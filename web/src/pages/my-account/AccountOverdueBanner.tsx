import type { OwedOverview } from '@loan/domain';
import { Flex, Typography } from 'antd';
import { OverdueBanner } from '../../components/OverdueBanner';
import { RepayInstalmentButton } from './RepayInstalmentButton';

/**
 * My account's overdue banner: every overdue instalment across the loans; its 立即还款 pays the oldest first (the
 * others stay in 我的待还 below, each with its own button).
 */
export function AccountOverdueBanner({ owed }: { owed: OwedOverview }) {
  const oldest = owed.overdueItems[0];
  if (!oldest) return null;
  const more = owed.overdueItems.length > 1;
  return (
    <OverdueBanner
      amount={owed.overdueAmount}
      penalty={owed.overduePenalty}
      days={owed.overdueDays}
      instalments={owed.overdueItems.length}
      action={
        <Flex align="center" gap="4px 12px" wrap>
          <RepayInstalmentButton item={oldest} danger size="middle" testId="overdue-repay-now" />
          {more && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              先还最早逾期的一期（{oldest.productName} 第 {oldest.seq} 期），其余见下方「我的待还」
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
