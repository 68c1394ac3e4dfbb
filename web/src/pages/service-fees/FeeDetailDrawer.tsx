import type { FeeItemPayment, FeeItemRefund, FeeItemView } from '@loan/domain';
import { formatDateTime, REFUND_STATE_DISPLAY } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, List, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { feeDetailQueryOptions } from '../../api/fees';
import { pathWithQuery, REFUND_PATH } from '../../app/paths';
import { DetailDrawer, DrawerSection } from '../../components/DetailDrawer';
import { FactList } from '../../components/FactList';
import { LoadError } from '../../components/LoadError';
import {
  CHANNEL_LABELS,
  displayOf,
  FEE_STATUS_DISPLAY,
  feeItemName,
  fen,
  money,
  ORDER_STATUS_DISPLAY,
} from '../../components/payments/pay-labels';
import { ReceiptButton } from '../../components/payments/ReceiptButton';
import { EnumTag } from '../../components/records/RecordParts';
import { isPayable } from './FeeParts';

const yuan = (value: string) => `${money(value)} 元`;

function ItemFacts({ item, rateLabel }: { item: FeeItemView; rateLabel?: string }) {
  return (
    <FactList
      items={[
        { key: 'loan', label: '贷款', children: item.productName ?? `贷款 ${item.loanId}` },
        { key: 'name', label: '费用项', children: feeItemName(item) },
        { key: 'status', label: '状态', children: <EnumTag display={FEE_STATUS_DISPLAY[item.status]} /> },
        { key: 'dueDate', label: '应缴日期', children: item.dueDate },
        {
          key: 'amount',
          label: '金额',
          children: `${yuan(item.amount)}${rateLabel ? `（${rateLabel}）` : ''}`,
        },
        {
          key: 'discount',
          label: '优惠券抵扣',
          children:
            fen(item.discount) > 0
              ? `${yuan(item.discount)}${item.couponTitle ? `（${item.couponTitle}）` : ''}`
              : '—',
        },
        { key: 'paid', label: '已缴（现金）', children: yuan(item.paid) },
        { key: 'refunded', label: '已退款', children: yuan(item.refunded) },
        ...(fen(item.waived) > 0 ? [{ key: 'waived', label: '已减免', children: yuan(item.waived) }] : []),
        { key: 'outstanding', label: '待缴', children: yuan(item.outstanding) },
        { key: 'paidAt', label: '缴清时间', children: formatDateTime(item.paidAt) },
      ]}
    />
  );
}

function Payments({ orders }: { orders: FeeItemPayment[] }) {
  if (orders.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无支付记录" />;
  return (
    <List
      size="small"
      dataSource={orders}
      renderItem={(order) => (
        <List.Item
          actions={
            order.status === 'PAID'
              ? [<ReceiptButton key="receipt" outTradeNo={order.outTradeNo} type="link" size="small" />]
              : []
          }
        >
          <List.Item.Meta
            title={
              <Flex gap={8} align="center" wrap>
                <Typography.Text style={{ wordBreak: 'break-all' }}>{order.outTradeNo}</Typography.Text>
                <EnumTag display={displayOf(ORDER_STATUS_DISPLAY, order.status)} />
              </Flex>
            }
            description={`${CHANNEL_LABELS[order.channel as keyof typeof CHANNEL_LABELS] ?? order.channel} · 实付 ${yuan(order.amount)}${
              fen(order.discount) > 0 ? ` · 优惠 ${yuan(order.discount)}` : ''
            } · ${formatDateTime(order.paidAt ?? order.createdAt)}`}
          />
        </List.Item>
      )}
    />
  );
}

function Refunds({ refunds }: { refunds: FeeItemRefund[] }) {
  if (refunds.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无退款" />;
  return (
    <List
      size="small"
      dataSource={refunds}
      renderItem={(refund) => (
        <List.Item>
          <List.Item.Meta
            title={
              <Flex gap={8} align="center" wrap>
                <Link to={pathWithQuery(REFUND_PATH, { refundNo: refund.refundNo })}>{refund.refundNo}</Link>
                <EnumTag display={displayOf(REFUND_STATE_DISPLAY, refund.status)} />
              </Flex>
            }
            description={`${yuan(refund.amount)} · ${formatDateTime(refund.createdAt)}`}
          />
        </List.Item>
      )}
    />
  );
}

/** One fee item in a drawer: its figures, the payments that paid it (with receipts), its refunds. */
export function FeeDetailDrawer({
  item,
  phone,
  onClose,
  onPay,
}: {
  item: FeeItemView | null;
  phone: boolean;
  onClose: () => void;
  onPay: (item: FeeItemView) => void;
}) {
  const detail = useQuery({ ...feeDetailQueryOptions(item?.feeId ?? 0), enabled: item !== null });
  const shown = detail.data?.item ?? item;
  const paidOrder = detail.data?.payments.find((p) => p.status === 'PAID' && fen(p.amount) > 0);
  return (
    <DetailDrawer
      open={item !== null}
      onClose={onClose}
      title="服务费详情"
      phone={phone}
      extra={
        shown && isPayable(shown) ? (
          <Button type="primary" onClick={() => onPay(shown)}>
            立即缴纳
          </Button>
        ) : null
      }
    >
      {shown && (
        <Flex vertical gap={24}>
          <ItemFacts item={shown} rateLabel={detail.data?.rateLabel} />
          {detail.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
          {detail.isError && <LoadError query={detail} failed={'详情加载失败'} />}
          {detail.data && (
            <>
              <DrawerSection title="支付记录">
                <Payments orders={detail.data.payments} />
              </DrawerSection>
              <section aria-label="退款记录">
                <Flex justify="space-between" align="baseline">
                  <Typography.Title level={5}>退款记录</Typography.Title>
                  {paidOrder && (
                    <Link to={pathWithQuery(REFUND_PATH, { outTradeNo: paidOrder.outTradeNo })}>
                      申请退款
                    </Link>
                  )}
                </Flex>
                <Refunds refunds={detail.data.refunds} />
              </section>
            </>
          )}
        </Flex>
      )}
    </DetailDrawer>
  );
}
