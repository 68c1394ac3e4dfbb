import type { PaymentOrderItemView, PaymentOrderView } from '@loan/domain';
import { formatDateTime, formatYuan } from '@loan/domain';
import { Flex, Typography } from 'antd';
import { FactList } from '../../components/FactList';
import { CHANNEL_LABELS, fen, money } from '../../components/payments/pay-labels';

const PARTS: { key: keyof Omit<PaymentOrderItemView, 'feeId' | 'seq'>; label: string }[] = [
  { key: 'principal', label: '本金' },
  { key: 'interest', label: '利息' },
  { key: 'penalty', label: '罚息' },
  { key: 'fee', label: '服务费' },
];

/** The sums of the order's items by part, the non-zero ones: "本金 4,000.00 元". */
function orderParts(order: Pick<PaymentOrderView, 'items'>): { label: string; fen: number }[] {
  return PARTS.flatMap(({ key, label }) => {
    const total = order.items.reduce((sum, item) => sum + fen(item[key]), 0);
    return total > 0 ? [{ label, fen: total }] : [];
  });
}

const PURPOSE_TEXT = { FEE: '缴纳服务费', INSTALMENT: '主动还款', SETTLEMENT: '提前结清' } as const;

/** What the order pays: its number, what for, the parts, the coupon's discount and the cash to pay. */
export function OrderSummary({ order }: { order: PaymentOrderView }) {
  const discount = fen(order.discount);
  return (
    <Flex vertical gap={16}>
      <Flex vertical align="center" gap={4}>
        <Typography.Text type="secondary">应付金额</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0 }} data-testid="cashier-amount">
          {money(order.amount)} 元
        </Typography.Title>
        {discount > 0 && (
          <Typography.Text type="success">
            已优惠 {money(order.discount)} 元{order.couponTitle ? `（${order.couponTitle}）` : ''}
          </Typography.Text>
        )}
      </Flex>
      <FactList
        items={[
          {
            key: 'no',
            label: '订单号',
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {order.outTradeNo}
              </Typography.Text>
            ),
          },
          {
            key: 'purpose',
            label: '付款事项',
            children: `${PURPOSE_TEXT[order.purpose]}${order.productName ? ` · ${order.productName}` : ''}`,
          },
          ...orderParts(order).map((part) => ({
            key: part.label,
            label: part.label,
            children: `${formatYuan(part.fen)} 元`,
          })),
          ...(discount > 0
            ? [{ key: 'discount', label: '优惠券抵扣', children: `-${money(order.discount)} 元` }]
            : []),
          { key: 'channel', label: '支付方式', children: CHANNEL_LABELS[order.channel] },
          { key: 'expires', label: '支付截止', children: formatDateTime(order.expiresAt) },
        ]}
      />
    </Flex>
  );
}
