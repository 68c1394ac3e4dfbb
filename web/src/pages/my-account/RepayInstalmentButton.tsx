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
}: {
  item: OwedInstalment;
  type?: ButtonProps['type'];
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        size="small"
        type={type}
        danger={danger}
        data-testid={`repay-now-${item.loanId}-${item.seq}`}
        onClick={() => setOpen(true)}
      >
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
