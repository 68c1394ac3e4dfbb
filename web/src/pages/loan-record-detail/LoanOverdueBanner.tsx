import { formatYuan, type InstalmentView, type LoanOverdueView, type LoanView } from '@loan/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { OverdueBanner } from '../../components/OverdueBanner';
import { RepayModal } from '../../components/payments/RepayModal';
import { InstalmentBreakdown, instalmentToRepay, overdueOf, repayTotalFen } from './RepayNow';

/**
 * The loan detail's overdue banner: the loan's overdue instalments today, and 立即还款 of the earliest (the
 * instalment 主动还款 pays, through the same dialog and cashier).
 */
export function LoanOverdueBanner({
  loan,
  instalments,
  overdue,
}: {
  loan: LoanView;
  instalments: readonly InstalmentView[];
  overdue: LoanOverdueView | null;
}) {
  const [open, setOpen] = useState(false);
  const instalment = instalmentToRepay(instalments);
  if (!overdue || !instalment) return null;
  const today = overdueOf(overdue, instalment.seq);
  return (
    <>
      <OverdueBanner
        amount={overdue.amount}
        penalty={overdue.penalty}
        days={overdue.days}
        instalments={overdue.instalments.length}
        action={
          <Button danger type="primary" data-testid="overdue-repay-now" onClick={() => setOpen(true)}>
            立即还款
          </Button>
        }
      />
      <RepayModal
        open={open}
        onClose={() => setOpen(false)}
        loanId={loan.loanId}
        seq={instalment.seq}
        title={`立即还款 · 第 ${instalment.seq} 期`}
        amount={formatYuan(repayTotalFen(instalment, today))}
        summary={<InstalmentBreakdown instalment={instalment} overdue={today} />}
      />
    </>
  );
}
