import {
  formatYuan,
  INSTALMENT_STATUS_DISPLAY,
  type InstalmentView,
  type LoanOverdueView,
  type LoanView,
  type OverdueInstalmentView,
} from '@loan/domain';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { FactList } from '../../components/FactList';
import { fen } from '../../components/payments/pay-labels';
import { RepayModal } from '../../components/payments/RepayModal';
import { EnumTag } from '../../components/records/RecordParts';

const UNPAID: ReadonlySet<InstalmentView['status']> = new Set(['OVERDUE', 'DUE', 'PARTIAL']);

/** The instalment 主动还款 pays: the earliest one not yet paid (overdue first, by order of the schedule). */
export function instalmentToRepay(instalments: readonly InstalmentView[]): InstalmentView | null {
  return instalmentsInOrder(instalments).find((i) => UNPAID.has(i.status) && fen(i.outstanding) > 0) ?? null;
}

const instalmentsInOrder = (instalments: readonly InstalmentView[]) =>
  [...instalments].sort((a, b) => a.seq - b.seq);

/** What is still owed on the instalment, part by part (fen). */
function owedParts(i: InstalmentView) {
  const owed = (due: string, paid: string) => Math.max(0, fen(due) - fen(paid));
  return {
    principal: owed(i.principal, i.paidPrincipal),
    interest: owed(i.interest, i.paidInterest),
    penalty: owed(i.penalty, i.paidPenalty),
    fee: owed(i.fee, i.paidFee),
  };
}

/** The overdue standing today of an instalment, when it is past due. */
export const overdueOf = (overdue: LoanOverdueView | null | undefined, seq: number) =>
  overdue?.instalments.find((i) => i.seq === seq);

/** What repaying the instalment now costs (fen): with the penalty counted to today when it is past due. */
export const repayTotalFen = (instalment: InstalmentView, overdue?: OverdueInstalmentView) =>
  overdue ? fen(overdue.amount) : fen(instalment.outstanding);

/** An instalment's parts still owed; past due, with its days and the penalty counted to today. */
export function InstalmentBreakdown({
  instalment,
  overdue,
}: {
  instalment: InstalmentView;
  overdue?: OverdueInstalmentView;
}) {
  const parts = owedParts(instalment);
  return (
    <FactList
      items={[
        { key: 'seq', label: '期数', children: `第 ${instalment.seq} 期` },
        { key: 'due', label: '应还日期', children: instalment.dueDate },
        {
          key: 'status',
          label: '状态',
          children: <EnumTag display={INSTALMENT_STATUS_DISPLAY[instalment.status]} />,
        },
        ...(overdue ? [{ key: 'days', label: '逾期天数', children: `${overdue.days} 天` }] : []),
        { key: 'principal', label: '本金', children: `${formatYuan(parts.principal)} 元` },
        { key: 'interest', label: '利息', children: `${formatYuan(parts.interest)} 元` },
        overdue
          ? { key: 'penalty', label: '罚息（截至今日）', children: `${formatYuan(fen(overdue.penalty))} 元` }
          : { key: 'penalty', label: '罚息', children: `${formatYuan(parts.penalty)} 元` },
        { key: 'fee', label: '服务费', children: `${formatYuan(parts.fee)} 元` },
        {
          key: 'total',
          label: '应还合计',
          children: (
            <Typography.Text strong data-testid="repay-total">
              {formatYuan(repayTotalFen(instalment, overdue))} 元
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/**
 * 主动还款: the earliest unpaid instalment with what it owes (principal, interest, penalty, fee), confirmed with a
 * channel, then paid through the cashier; the automatic collection skips it while the order is open.
 */
export function RepayNow({
  loan,
  instalments,
  overdue,
}: {
  loan: LoanView;
  instalments: readonly InstalmentView[];
  /** the loan's overdue standing today: a past-due instalment shows its penalty to today */
  overdue?: LoanOverdueView | null;
}) {
  const instalment = instalmentToRepay(instalments);
  const [open, setOpen] = useState(false);

  if (!instalment) return <Typography.Text type="secondary">当前没有待还的分期。</Typography.Text>;

  const today = overdueOf(overdue, instalment.seq);
  return (
    <Flex vertical gap={12}>
      {instalment.status === 'OVERDUE' && (
        <Alert type="error" showIcon title={`第 ${instalment.seq} 期已逾期，罚息按日计收，请尽快还款`} />
      )}
      <InstalmentBreakdown instalment={instalment} overdue={today} />
      <Flex>
        <Button type="primary" onClick={() => setOpen(true)}>
          立即还款
        </Button>
      </Flex>
      <RepayModal
        open={open}
        onClose={() => setOpen(false)}
        loanId={loan.loanId}
        seq={instalment.seq}
        title={`主动还款 · 第 ${instalment.seq} 期`}
        amount={formatYuan(repayTotalFen(instalment, today))}
        summary={<InstalmentBreakdown instalment={instalment} overdue={today} />}
      />
    </Flex>
  );
}
