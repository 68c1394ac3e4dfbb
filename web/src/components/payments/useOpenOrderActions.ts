import { RSP } from '@loan/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { closeOrder } from '../../api/payments';
import { useMessage } from '../../app/feedback';
import { cashierTarget } from './ChannelPicker';

/**
 * 继续支付 and 取消支付 of an order waiting at the cashier: the cashier (ours, coming back here, or the gateway's
 * page), or closing the order; a refusal to close is kept to show beside the buttons. An order paid (perhaps just
 * now at the cashier: the server applies it rather than closing it) or closed already (3805) is told in a message
 * and the page read again.
 */
export function useOpenOrderActions(
  order: { outTradeNo: string; cashierUrl: string | null },
  onClosed: () => void,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const message = useMessage();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pay = () => {
    const target = cashierTarget(
      order.cashierUrl,
      order.outTradeNo,
      `${location.pathname}${location.search}`,
    );
    if ('internal' in target) navigate(target.internal);
    else window.location.assign(target.external);
  };
  const cancel = async () => {
    setPending(true);
    setProblem(null);
    try {
      await closeOrder(order.outTradeNo, { silent: true });
      onClosed();
    } catch (caught) {
      if (isApiError(caught) && caught.code === RSP.PAY_ORDER_NOT_OPEN) {
        message.info(caught.desc);
        onClosed();
        return;
      }
      setProblem(isApiError(caught) ? caught.desc : '取消支付失败，请稍后重试');
    } finally {
      setPending(false);
    }
  };
  return { pay, cancel, pending, problem };
}
