import { formatDateTime, type LoanOpenOrder } from '@loan/domain';
import { Alert, Button, Flex } from 'antd';
import { yuanText } from '../../components/application/ApplicationParts';
import { useOpenOrderActions } from '../../components/payments/useOpenOrderActions';

/**
 * A payment of the loan waiting at the cashier: while it is open no other payment of the loan can start (3808),
 * so it is shown at the top of the loan with 继续支付 and 取消支付.
 */
export function OpenOrderAlert({ order, onClosed }: { order: LoanOpenOrder; onClosed: () => void }) {
  const { pay, cancel, pending, problem } = useOpenOrderActions(order, onClosed);

  return (
    <Alert
      id="open-order"
      type="warning"
      showIcon
      data-testid="open-order"
      title={`待支付：${order.purposeLabel} ${yuanText(order.amount)}`}
      description={
        <>
          订单号 {order.outTradeNo}，{formatDateTime(order.expiresAt)}{' '}
          前未支付将自动关闭。完成或取消这笔支付后，才能发起本笔贷款的其他还款。
          {problem && <div role="alert">{problem}</div>}
        </>
      }
      action={
        <Flex vertical gap={8}>
          <Button type="primary" size="small" onClick={pay}>
            继续支付
          </Button>
          <Button size="small" loading={pending} onClick={() => void cancel()}>
            取消支付
          </Button>
        </Flex>
      }
    />
  );
}
