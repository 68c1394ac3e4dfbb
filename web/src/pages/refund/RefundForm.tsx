import type { PaymentOrderView } from '@loan/domain';
import {
  checkRefundReason,
  formatYuan,
  REFUND_REASON_MAX,
  type RefundDetail,
  RSP,
  yuanToFen,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/errors';
import { paidOrdersQueryOptions } from '../../api/payments';
import { applyRefund } from '../../api/refunds';
import { CheckedField } from '../../components/CheckedField';
import { DocumentUpload } from '../../components/certification/DocumentUpload';
import { LoadError } from '../../components/LoadError';
import { fen, money } from '../../components/payments/pay-labels';

interface Values {
  outTradeNo?: string;
  amount?: string;
  reason?: string;
  evidenceDocumentId?: number;
}

const PURPOSE_TEXT = { FEE: '服务费', INSTALMENT: '主动还款', SETTLEMENT: '提前结清' } as const;

const orderLabel = (order: PaymentOrderView) =>
  `${PURPOSE_TEXT[order.purpose]}${order.productName ? ` · ${order.productName}` : ''} · 实付 ${money(order.amount)} 元 · 可退 ${money(order.refundable)} 元`;

/** Why an amount cannot be asked for, or null: yuan with at most two places, above zero, within refundable. */
export function amountProblem(text: string | undefined, refundableFen: number | null): string | null {
  const value = (text ?? '').trim();
  if (!value) return '请输入退款金额';
  let asked: number;
  try {
    asked = yuanToFen(value);
  } catch {
    return '金额格式不正确，最多两位小数';
  }
  if (asked <= 0) return '退款金额须大于 0 元';
  if (refundableFen !== null && asked > refundableFen)
    return `退款金额不能超过可退金额 ${formatYuan(refundableFen)} 元`;
  return null;
}

const FIELD_OF: Record<string, keyof Values> = {
  [RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE]: 'amount',
  [RSP.REFUND_AMOUNT_INVALID]: 'amount',
  [RSP.REFUND_REASON_INVALID]: 'reason',
  [RSP.REFUND_EVIDENCE_NOT_FOUND]: 'evidenceDocumentId',
  [RSP.REFUND_PAYMENT_NOT_FOUND]: 'outTradeNo',
  [RSP.REFUND_PAYMENT_NOT_PAID]: 'outTradeNo',
  [RSP.REFUND_OPEN_EXISTS]: 'outTradeNo',
};

/**
 * 申请退款: a paid order with something refundable, the amount (at most the refundable, "全部可退" fills it), the
 * reason (required, ≤ 200 characters), optional evidence. The server's refusal shows next to its field.
 */
export function RefundForm({
  initialOutTradeNo,
  onApplied,
}: {
  initialOutTradeNo: string | null;
  onApplied: (detail: RefundDetail) => void;
}) {
  const [form] = Form.useForm<Values>();
  const orders = useQuery(paidOrdersQueryOptions());
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refundable = (orders.data ?? []).filter((o) => fen(o.refundable) > 0);
  const picked = Form.useWatch('outTradeNo', form);
  const order = refundable.find((o) => o.outTradeNo === picked) ?? null;
  const refundableFen = order ? fen(order.refundable) : null;

  // the order the borrower came for (?outTradeNo=), picked once the orders are known
  const [preset, setPreset] = useState(initialOutTradeNo);
  useEffect(() => {
    if (!preset || !orders.data) return;
    if (orders.data.some((o) => o.outTradeNo === preset && fen(o.refundable) > 0))
      form.setFieldValue('outTradeNo', preset);
    setPreset(null);
  }, [preset, orders.data, form]);

  const submit = async (values: Values) => {
    setPending(true);
    setProblem(null);
    try {
      const detail = await applyRefund(
        {
          outTradeNo: values.outTradeNo ?? '',
          amount: (values.amount ?? '').trim(),
          reason: (values.reason ?? '').trim(),
          ...(values.evidenceDocumentId ? { evidenceDocumentId: values.evidenceDocumentId } : {}),
        },
        { silent: true },
      );
      form.resetFields();
      void orders.refetch();
      onApplied(detail);
    } catch (caught) {
      const desc = isApiError(caught) ? caught.desc : '提交失败，请稍后重试';
      const field = isApiError(caught) ? FIELD_OF[caught.code] : undefined;
      if (field) form.setFields([{ name: field, errors: [desc] }]);
      else setProblem(desc);
      if (isApiError(caught) && caught.code === RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE) void orders.refetch();
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} aria-label="退款申请" requiredMark>
      <Form.Item
        label="付款订单"
        name="outTradeNo"
        htmlFor="refund-order"
        rules={[{ required: true, message: '请选择要退款的付款订单' }]}
        extra={
          orders.data && refundable.length === 0
            ? '暂无可退款的付款订单（已支付且仍有可退金额的订单才可申请）'
            : undefined
        }
      >
        <Select
          id="refund-order"
          placeholder={orders.isPending ? '正在加载付款订单…' : '请选择付款订单'}
          loading={orders.isPending}
          options={refundable.map((o) => ({
            value: o.outTradeNo,
            label: (
              <div style={{ whiteSpace: 'normal' }}>
                <div>{o.outTradeNo}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {orderLabel(o)}
                </Typography.Text>
              </div>
            ),
          }))}
          optionLabelProp="value"
          onChange={() => form.setFields([{ name: 'amount', errors: [] }])}
        />
      </Form.Item>
      {orders.isError && (
        <LoadError query={orders} failed={'付款订单加载失败'} style={{ marginBottom: 16 }} />
      )}
      <CheckedField
        label="退款金额（元）"
        name="amount"
        id="refund-amount"
        problemOf={(value) => amountProblem(value, refundableFen)}
        extra={order ? `本单可退 ${money(order.refundable)} 元` : undefined}
      >
        <Input
          id="refund-amount"
          inputMode="decimal"
          placeholder="如 100.00"
          suffix={
            order ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => form.setFieldsValue({ amount: order.refundable })}
              >
                全部可退
              </Button>
            ) : null
          }
        />
      </CheckedField>
      <Form.Item
        label="退款原因"
        name="reason"
        htmlFor="refund-reason"
        rules={[
          { required: true, whitespace: true, message: '请填写退款原因' },
          // counted as the server counts (characters, trimmed); a longer text is refused here, never cut
          {
            validator: (_, value: string | undefined) => {
              const check = checkRefundReason(value ?? '');
              return check.ok || !value?.trim() ? Promise.resolve() : Promise.reject(new Error(check.reason));
            },
          },
        ]}
      >
        <Input.TextArea
          id="refund-reason"
          rows={3}
          // the count turns red past the limit; no maxLength, which would silently cut a pasted text
          count={{ show: true, max: REFUND_REASON_MAX, strategy: (text) => [...text].length }}
          placeholder="请说明退款原因，如重复缴纳、误缴等"
        />
      </Form.Item>
      <Form.Item label="凭证（选填）" name="evidenceDocumentId">
        <DocumentUpload kind="REFUND_EVIDENCE" />
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={pending}>
        提交申请
      </Button>
    </Form>
  );
}
