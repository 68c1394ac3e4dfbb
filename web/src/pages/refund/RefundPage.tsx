import { formatDateTime, REFUND_STATE_DISPLAY, type RefundItem } from '@loan/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentKeys } from '../../api/payments';
import { refundKeys, refundListQueryOptions } from '../../api/refunds';
import { useMessage } from '../../app/feedback';
import { money } from '../../components/payments/pay-labels';
import { RecordCard } from '../../components/records/RecordCard';
import { RecordList } from '../../components/records/RecordList';
import { tagColumn } from '../../components/records/RecordParts';
import { useRecordPages } from '../../components/records/useRecordPages';
import { failureFacts, reasonCell } from './failure-facts';
import { RefundDetailDrawer } from './RefundDetailDrawer';
import { RefundForm } from './RefundForm';

const yuan = (value: string) => `${money(value)} 元`;

function columns(open: (refundNo: string) => void): TableColumnsType<RefundItem> {
  return [
    {
      key: 'no',
      title: '退款单号',
      width: 210,
      render: (_, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => open(r.refundNo)}>
          {r.refundNo}
        </Button>
      ),
    },
    { key: 'order', title: '付款订单', dataIndex: 'outTradeNo', width: 230 },
    { key: 'amount', title: '退款金额', align: 'right', width: 120, render: (_, r) => yuan(r.amount) },
    tagColumn<RefundItem>('status', '状态', 90, (r) => REFUND_STATE_DISPLAY[r.status]),
    {
      key: 'reason',
      title: '原因',
      ellipsis: true,
      render: (_, r) => reasonCell(r),
    },
    { key: 'createdAt', title: '申请时间', width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'action',
      title: '操作',
      width: 72,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => open(r.refundNo)}>
          详情
        </Button>
      ),
    },
  ];
}

function RefundCard({ refund, open }: { refund: RefundItem; open: (refundNo: string) => void }) {
  return (
    <RecordCard
      title={yuan(refund.amount)}
      state={REFUND_STATE_DISPLAY[refund.status]}
      actions={[
        <Button key="detail" type="link" onClick={() => open(refund.refundNo)}>
          查看进度
        </Button>,
      ]}
      facts={[
        { key: 'no', label: '退款单号', children: refund.refundNo },
        { key: 'order', label: '付款订单', children: refund.outTradeNo },
        { key: 'reason', label: '原因', children: refund.reason },
        ...(refund.reviewReason ? [{ key: 'review', label: '审核意见', children: refund.reviewReason }] : []),
        ...failureFacts(refund),
        { key: 'createdAt', label: '申请时间', children: formatDateTime(refund.createdAt) },
      ]}
    />
  );
}

/**
 * /account/refund: apply for a refund of a paid order (amount ≤ refundable, a reason, optional evidence), and
 * follow every application through its states with a timeline; cancel one before it is reviewed.
 */
export default function RefundPage() {
  const [params] = useSearchParams();
  const message = useMessage();
  const queryClient = useQueryClient();
  const list = useRecordPages({}, refundListQueryOptions);
  const { phone } = list;
  const [open, setOpen] = useState<string | null>(params.get('refundNo'));
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: refundKeys.list });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.paidOrders });
  };

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" title="申请退款">
        <Typography.Paragraph type="secondary">
          已支付的服务费或多付的款项可申请原路退回。退款金额不超过该笔支付的可退金额，每笔支付同时只能有一个处理中的申请；审核前可撤销。
        </Typography.Paragraph>
        <RefundForm
          initialOutTradeNo={params.get('outTradeNo')}
          onApplied={(detail) => {
            message.success('退款申请已提交');
            changed();
            setOpen(detail.refund.refundNo);
          }}
        />
      </Card>
      <Card variant="borderless" title="退款记录">
        <RecordList<RefundItem>
          {...list}
          failed="退款记录加载失败"
          rowKey="refundNo"
          columns={columns(setOpen)}
          scrollX={1000}
          card={(refund) => <RefundCard refund={refund} open={setOpen} />}
        />
      </Card>
      <RefundDetailDrawer refundNo={open} phone={phone} onClose={() => setOpen(null)} onChanged={changed} />
    </Flex>
  );
}
