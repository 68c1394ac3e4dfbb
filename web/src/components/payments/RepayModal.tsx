import { type PaymentChannel, RSP } from '@loan/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountKeys } from '../../api/account';
import { isApiError } from '../../api/errors';
import { loanKeys } from '../../api/loans';
import { paymentKeys, repayNow } from '../../api/payments';
import { ChannelPicker, cashierTarget } from './ChannelPicker';

/**
 * Repaying one instalment now: what it owes (`summary`), a channel, then the cashier, coming back to this page.
 * The server prices the order to today and says why when it cannot be paid yet; the reason shows in the dialog.
 * An earlier payment being confirmed (3815): its reason shows, and the loan and account are read again (it may
 * have been applied just now).
 * Used by the loan detail (主动还款) and My account (立即还款).
 */
export function RepayModal({
  open,
  onClose,
  loanId,
  seq,
  title,
  amount,
  summary,
}: {
  open: boolean;
  onClose: () => void;
  loanId: number;
  seq: number;
  title: string;
  /** the amount the confirm button names, formatted (e.g. "1,234.56") */
  amount: string;
  summary: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<PaymentChannel>('ALIPAY');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      const { order, cashierUrl } = await repayNow({ loanId, seq, channel }, { silent: true });
      const target = cashierTarget(cashierUrl, order.outTradeNo, `${location.pathname}${location.search}`);
      if ('internal' in target) navigate(target.internal);
      else window.location.assign(target.external);
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '发起还款失败，请稍后重试');
      if (isApiError(caught) && caught.code === RSP.PAY_CONFIRMING) {
        for (const queryKey of [loanKeys.detail, loanKeys.records, accountKeys.overview, paymentKeys.all])
          void queryClient.invalidateQueries({ queryKey });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={`确认还款 ${amount} 元`}
      cancelText="取消"
      okButtonProps={{ loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void confirm()}
      onCancel={() => {
        if (pending) return;
        setProblem(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {summary}
        <Typography.Text type="secondary">
          罚息计至今日；支付完成后本期不再自动扣款。金额以收银台显示为准。
        </Typography.Text>
        <ChannelPicker value={channel} onChange={setChannel} />
        {problem && <Alert type="error" showIcon title={problem} />}
      </Flex>
    </Modal>
  );
}
