import type { PaymentChannel } from '@loan/domain';
import { formatYuan, INSTALMENT_STATUS_DISPLAY, type InstalmentView, type LoanView } from '@loan/domain';
import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { repayNow } from '../../api/payments';
import { ChannelPicker, cashierTarget } from '../../components/payments/ChannelPicker';
import { fen } from '../../components/payments/pay-labels';
import { EnumTag } from '../../components/records/RecordParts';

const UNPAID: ReadonlySet<InstalmentView['status']> = new Set(['OVERDUE', 'DUE', 'PARTIAL']);

/** The instalment 主动还款 pays: the earliest one not yet paid (overdue first, by order of the schedule). */
export function instalmentToRepay(instalments: readonly InstalmentView[]): InstalmentView | null {
  return instalmentsInOrder(instalments).find((i) => UNPAID.has(i.status) && fen(i.outstanding) > 0) ?? null;
}

const instalmentsInOrder = (instalments: readonly InstalmentView[]) =>
  [...instalments].sort((a, b) => a.seq - b.seq);

/** What is still owed on the instalment, part by part (fen). */
export function owedParts(i: InstalmentView) {
  const owed = (due: string, paid: string) => Math.max(0, fen(due) - fen(paid));
  return {
    principal: owed(i.principal, i.paidPrincipal),
    interest: owed(i.interest, i.paidInterest),
    penalty: owed(i.penalty, i.paidPenalty),
    fee: owed(i.fee, i.paidFee),
  };
}

function Breakdown({ instalment }: { instalment: InstalmentView }) {
  const parts = owedParts(instalment);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={[
        { key: 'seq', label: '期数', children: `第 ${instalment.seq} 期` },
        { key: 'due', label: '应还日期', children: instalment.dueDate },
        {
          key: 'status',
          label: '状态',
          children: <EnumTag display={INSTALMENT_STATUS_DISPLAY[instalment.status]} />,
        },
        { key: 'principal', label: '本金', children: `${formatYuan(parts.principal)} 元` },
        { key: 'interest', label: '利息', children: `${formatYuan(parts.interest)} 元` },
        { key: 'penalty', label: '罚息', children: `${formatYuan(parts.penalty)} 元` },
        { key: 'fee', label: '服务费', children: `${formatYuan(parts.fee)} 元` },
        {
          key: 'total',
          label: '应还合计',
          children: (
            <Typography.Text strong data-testid="repay-total">
              {formatYuan(fen(instalment.outstanding))} 元
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
export function RepayNow({ loan, instalments }: { loan: LoanView; instalments: readonly InstalmentView[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const instalment = instalmentToRepay(instalments);
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<PaymentChannel>('ALIPAY');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!instalment) return <Typography.Text type="secondary">当前没有待还的分期。</Typography.Text>;

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      const { order, cashierUrl } = await repayNow(
        { loanId: loan.loanId, seq: instalment.seq, channel },
        { silent: true },
      );
      const target = cashierTarget(cashierUrl, order.outTradeNo, `${location.pathname}${location.search}`);
      if ('internal' in target) navigate(target.internal);
      else window.location.assign(target.external);
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '发起还款失败，请稍后重试');
    } finally {
      setPending(false);
    }
  };

  const overdue = instalment.status === 'OVERDUE';
  return (
    <Flex vertical gap={12}>
      {overdue && (
        <Alert type="error" showIcon title={`第 ${instalment.seq} 期已逾期，罚息按日计收，请尽快还款`} />
      )}
      <Breakdown instalment={instalment} />
      <Flex>
        <Button type="primary" onClick={() => setOpen(true)}>
          立即还款
        </Button>
      </Flex>
      <Modal
        open={open}
        title={`主动还款 · 第 ${instalment.seq} 期`}
        okText={`确认还款 ${formatYuan(fen(instalment.outstanding))} 元`}
        cancelText="取消"
        okButtonProps={{ loading: pending }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void confirm()}
        onCancel={() => !pending && setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          <Breakdown instalment={instalment} />
          <Typography.Text type="secondary">
            罚息计至今日；支付完成后本期不再自动扣款。金额以收银台显示为准。
          </Typography.Text>
          <div>
            <Typography.Text strong>支付方式</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <ChannelPicker value={channel} onChange={setChannel} />
            </div>
          </div>
          {problem && <Alert type="error" showIcon title={problem} />}
        </Flex>
      </Modal>
    </Flex>
  );
}
