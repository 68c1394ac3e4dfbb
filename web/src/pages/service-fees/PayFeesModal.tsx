import type { CouponOptionView, FeeItemView, PaymentChannel } from '@loan/domain';
import { formatYuan, RSP } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { couponOptionsQueryOptions, feeKeys } from '../../api/fees';
import { createOrder } from '../../api/payments';
import { useMessage } from '../../app/feedback';
import { SERVICE_FEES_PATH } from '../../app/paths';
import { ChannelPicker, cashierTarget, PaySection } from '../../components/payments/ChannelPicker';
import { feeItemName, fen, money } from '../../components/payments/pay-labels';
import { refreshCouponsCount } from '../../session/coupons-count';

const NO_COUPON = 'none';

function CouponChoices({
  options,
  value,
  onChange,
  items,
}: {
  options: CouponOptionView[];
  value: number | typeof NO_COUPON;
  onChange: (value: number | typeof NO_COUPON) => void;
  items: FeeItemView[];
}) {
  const itemName = (feeId: number) => {
    const item = items.find((i) => i.feeId === feeId);
    return item ? feeItemName(item) : '';
  };
  return (
    <Radio.Group
      aria-label="优惠券"
      value={value}
      onChange={(e) => onChange(e.target.value as number | typeof NO_COUPON)}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        {options.map((option, index) => (
          <Radio key={option.coupon.couponId} value={option.coupon.couponId}>
            <Flex vertical>
              <span>
                {option.coupon.title}
                {index === 0 && (
                  <Tag color="red" style={{ marginInlineStart: 8 }}>
                    最优
                  </Tag>
                )}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {option.coupon.rule}
                {items.length > 1 ? ` · 用于${itemName(option.feeId)}` : ''} · 抵扣 {money(option.discount)}{' '}
                元
              </Typography.Text>
            </Flex>
          </Radio>
        ))}
        <Radio value={NO_COUPON}>不使用优惠券</Radio>
      </Flex>
    </Radio.Group>
  );
}

/**
 * Paying one or several due fee items together: the best coupon preselected (another or none may be chosen), the
 * discount and the cash to pay shown before anything is sent, the channel; then the cashier (or done at once when
 * the coupon covers everything).
 */
export function PayFeesModal({ items, onClose }: { items: FeeItemView[]; onClose: () => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const feeIds = items.map((i) => i.feeId);
  const options = useQuery(couponOptionsQueryOptions(feeIds));
  const [choice, setChoice] = useState<number | typeof NO_COUPON | undefined>(undefined);
  const [channel, setChannel] = useState<PaymentChannel>('ALIPAY');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const list = options.data?.options ?? [];
  const chosenId = choice ?? list[0]?.coupon.couponId ?? NO_COUPON;
  const chosen = list.find((o) => o.coupon.couponId === chosenId) ?? null;
  const totalFen = items.reduce((sum, i) => sum + fen(i.outstanding), 0);
  const discountFen = Math.min(chosen ? fen(chosen.discount) : 0, totalFen);
  const payFen = totalFen - discountFen;

  const pay = async () => {
    setPending(true);
    setProblem(null);
    try {
      const { order, cashierUrl } = await createOrder(
        { feeIds, channel, ...(chosen ? { couponId: chosen.coupon.couponId } : {}) },
        { silent: true },
      );
      if (order.status === 'PAID') {
        message.success('优惠券已全额抵扣，缴费完成');
        void queryClient.invalidateQueries({ queryKey: feeKeys.list });
        void queryClient.invalidateQueries({ queryKey: feeKeys.coupons });
        void refreshCouponsCount();
        onClose();
        return;
      }
      const target = cashierTarget(cashierUrl, order.outTradeNo, SERVICE_FEES_PATH);
      if ('internal' in target) navigate(target.internal);
      else window.location.assign(target.external);
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '下单失败，请稍后重试');
      void options.refetch();
      // an earlier payment being confirmed (3815) may have paid some of the items just now
      if (isApiError(caught) && caught.code === RSP.PAY_CONFIRMING)
        void queryClient.invalidateQueries({ queryKey: feeKeys.list });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title={items.length > 1 ? `缴纳服务费（${items.length} 笔）` : '缴纳服务费'}
      okText={payFen > 0 ? `确认支付 ${formatYuan(payFen)} 元` : '确认抵扣'}
      cancelText="取消"
      okButtonProps={{ loading: pending, disabled: options.isPending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void pay()}
      onCancel={() => !pending && onClose()}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          bordered
          column={1}
          items={items.map((item) => ({
            key: String(item.feeId),
            label: `${item.productName ?? ''} ${feeItemName(item)}`.trim(),
            children: `${money(item.outstanding)} 元`,
          }))}
        />
        <PaySection title="优惠券">
          {options.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : options.isError ? (
            <Alert type="warning" showIcon title="暂时无法获取可用优惠券，可不使用优惠券继续支付" />
          ) : list.length === 0 ? (
            <Typography.Text type="secondary">暂无可用于所选服务费的优惠券</Typography.Text>
          ) : (
            <CouponChoices options={list} value={chosenId} onChange={setChoice} items={items} />
          )}
        </PaySection>
        <ChannelPicker value={channel} onChange={setChannel} />
        <Descriptions
          size="small"
          column={1}
          aria-label="支付金额"
          items={[
            { key: 'total', label: '应缴合计', children: `${formatYuan(totalFen)} 元` },
            {
              key: 'discount',
              label: '优惠券抵扣',
              children: <Typography.Text type="success">-{formatYuan(discountFen)} 元</Typography.Text>,
            },
            {
              key: 'pay',
              label: '实付金额',
              children: (
                <Typography.Text strong style={{ fontSize: 18 }} data-testid="pay-amount">
                  {formatYuan(payFen)} 元
                </Typography.Text>
              ),
            },
          ]}
        />
        {problem && <Alert type="error" showIcon title={problem} />}
      </Flex>
    </Modal>
  );
}
