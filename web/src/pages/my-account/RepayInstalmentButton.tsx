import type { OwedInstalment } from '@loan/domain';
import { Button, type ButtonProps, Typography } from 'antd';
import { useState } from 'react';
import { FactList } from '../../components/FactList';
import { money } from '../../components/payments/pay-labels';
import { RepayModal } from '../../components/payments/RepayModal';

/**
 * 立即还款 for one instalment of the overview: what it owes, a channel, then the cashier (the loan detail's
 * repay-now flow; the server prices the order to today and says why when it cannot be paid yet).
 */
export function RepayInstalmentButton({
  item,
  type = 'primary',
  danger,
  size = 'small',
  testId = `repay-now-${item.loanId}-${item.seq}`,
}: {
  item: OwedInstalment;
  type?: ButtonProps['type'];
  danger?: boolean;
  size?: ButtonProps['size'];
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const overdue = item.overdueDays > 0;

  return (
    <>
      <Button size={size} type={type} danger={danger} data-testid={testId} onClick={() => setOpen(true)}>
        立即还款
      </Button>
      <RepayModal
        open={open}
        onClose={() => setOpen(false)}
        loanId={item.loanId}
        seq={item.seq}
        title={`立即还款 · 第 ${item.seq} 期`}
        amount={money(item.amount)}
        summary={
          <FactList
            items={[
              { key: 'product', label: '贷款', children: `${item.productName} · ${item.bankName}` },
              { key: 'seq', label: '期数', children: `第 ${item.seq} 期` },
              { key: 'due', label: '应还日期', children: item.dueDate },
              ...(overdue
                ? [
                    { key: 'days', label: '逾期天数', children: `${item.overdueDays} 天` },
                    { key: 'penalty', label: '罚息（截至今日）', children: `${money(item.penalty)} 元` },
                  ]
                : []),
              {
                key: 'amount',
                label: '应还合计',
                children: <Typography.Text strong>{money(item.amount)} 元</Typography.Text>,
              },
            ]}
          />
        }
      />
    </>
  );
}
