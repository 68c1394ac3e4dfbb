import { formatDateTime, REFUND_SOURCE_LABELS, REFUND_STATE_DISPLAY, type RefundDetail } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { cancelRefund, refundDetailQueryOptions } from '../../api/refunds';
import { useMessage } from '../../app/feedback';
import { DetailDrawer, DrawerSection } from '../../components/DetailDrawer';
import { FactList } from '../../components/FactList';
import { LoadError } from '../../components/LoadError';
import { CHANNEL_LABELS, money } from '../../components/payments/pay-labels';
import { ReceiptButton } from '../../components/payments/ReceiptButton';
import { EnumTag } from '../../components/records/RecordParts';
import { failureFacts } from './failure-facts';

const yuan = (value: string) => `${money(value)} 元`;

function Facts({ detail }: { detail: RefundDetail }) {
  const { refund, payment, evidence } = detail;
  const display = REFUND_STATE_DISPLAY[refund.status];
  return (
    <Flex vertical gap={12}>
      <Alert
        type={refund.status === 'REJECTED' ? 'error' : refund.status === 'REFUNDED' ? 'success' : 'info'}
        showIcon
        title={display.label}
        description={display.hint}
      />
      <FactList
        items={[
          { key: 'no', label: '退款单号', children: refund.refundNo },
          { key: 'status', label: '状态', children: <EnumTag display={display} /> },
          { key: 'amount', label: '退款金额', children: yuan(refund.amount) },
          { key: 'reason', label: '退款原因', children: refund.reason },
          ...(refund.reviewReason
            ? [{ key: 'review', label: '审核意见', children: refund.reviewReason }]
            : []),
          ...failureFacts(refund),
          { key: 'source', label: '来源', children: REFUND_SOURCE_LABELS[refund.source] },
          {
            key: 'order',
            label: '付款订单',
            children: (
              <Flex align="center" gap={4} wrap>
                <span style={{ wordBreak: 'break-all' }}>{payment.outTradeNo}</span>
                <ReceiptButton outTradeNo={payment.outTradeNo} type="link" size="small" />
              </Flex>
            ),
          },
          {
            key: 'channel',
            label: '原路退回',
            children: CHANNEL_LABELS[payment.channel as keyof typeof CHANNEL_LABELS] ?? payment.channel,
          },
          { key: 'paid', label: '订单实付', children: yuan(payment.amount) },
          { key: 'refunded', label: '订单已退', children: yuan(payment.refunded) },
          { key: 'evidence', label: '凭证', children: evidence ? evidence.fileName : '未上传' },
          { key: 'createdAt', label: '申请时间', children: formatDateTime(refund.createdAt) },
          ...(refund.refundedAt
            ? [{ key: 'refundedAt', label: '到账时间', children: formatDateTime(refund.refundedAt) }]
            : []),
        ]}
      />
    </Flex>
  );
}

function History({ detail }: { detail: RefundDetail }) {
  return (
    <Timeline
      aria-label="处理进度"
      items={detail.timeline.map((entry, index) => ({
        key: `${entry.at}-${index}`,
        color: REFUND_STATE_DISPLAY[entry.toState].colour === 'error' ? 'red' : 'blue',
        content: (
          <Flex vertical>
            <Typography.Text strong>
              {entry.eventLabel} · {REFUND_STATE_DISPLAY[entry.toState].label}
            </Typography.Text>
            <Typography.Text type="secondary">
              {formatDateTime(entry.at)} · {entry.actorLabel}
            </Typography.Text>
            {entry.reason && <Typography.Text>{entry.reason}</Typography.Text>}
          </Flex>
        ),
      }))}
    />
  );
}

/** One refund in a drawer: its figures, the payment it gives back from, the timeline; 撤销申请 before review. */
export function RefundDetailDrawer({
  refundNo,
  phone,
  onClose,
  onChanged,
}: {
  refundNo: string | null;
  phone: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const message = useMessage();
  const detail = useQuery({ ...refundDetailQueryOptions(refundNo ?? ''), enabled: refundNo !== null });
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const cancel = async () => {
    if (!refundNo) return;
    setCancelling(true);
    setProblem(null);
    try {
      await cancelRefund(refundNo, { silent: true });
      message.success('退款申请已撤销');
      onChanged();
      void detail.refetch();
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '撤销失败，请稍后重试');
      void detail.refetch();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <DetailDrawer
      open={refundNo !== null}
      onClose={onClose}
      title="退款详情"
      phone={phone}
      extra={
        detail.data?.refund.canCancel ? (
          <Popconfirm
            title="确定撤销该退款申请？"
            okText="撤销申请"
            cancelText="再想想"
            onConfirm={() => cancel()}
          >
            <Button danger loading={cancelling}>
              撤销申请
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {detail.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {detail.isError && <LoadError query={detail} failed={'退款详情加载失败'} />}
      {detail.data && (
        <Flex vertical gap={24}>
          {problem && <Alert type="error" showIcon title={problem} />}
          <Facts detail={detail.data} />
          <DrawerSection title="处理进度">
            <History detail={detail.data} />
          </DrawerSection>
        </Flex>
      )}
    </DetailDrawer>
  );
}
