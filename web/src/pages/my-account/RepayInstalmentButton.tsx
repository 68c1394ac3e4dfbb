import type { OwedInstalment, PaymentChannel } from '@loan/domain';
import { Alert, Button, type ButtonProps, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { repayNow } from '../../api/payments';
import { ChannelPicker, cashierTarget } from '../../components/payments/ChannelPicker';
import { money } from '../../components/payments/pay-labels';

/**
 * 立即还款 for one instalment of the overview: what it owes, a channel, then the cashier (the loan detail's
 * repay-now flow; the server prices the order to today and says why when it cannot be paid yet).
 */
export function RepayInstalmentButton({
  item,
  type = 'primary',
  danger,
}: {
  item: OwedInstalment;
  type?: ButtonProps['type'];
  danger?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<PaymentChannel>('ALIPAY');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      const { order, cashierUrl } = await repayNow(
        { loanId: item.loanId, seq: item.seq, channel },
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

  return (
    <>
      <Button
        size="small"
        type={type}
        danger={danger}
        data-testid={`repay-now-${item.loanId}-${item.seq}`}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        立即还款
      </Button>
      <Modal
        open={open}
        title={`立即还款 · 第 ${item.seq} 期`}
        okText={`确认还款 ${money(item.amount)} 元`}
        cancelText="取消"
        okButtonProps={{ loading: pending }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void confirm()}
        onCancel={() => !pending && setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              { key: 'product', label: '贷款', children: `${item.productName} · ${item.bankName}` },
              { key: 'seq', label: '期数', children: `第 ${item.seq} 期` },
              { key: 'due', label: '应还日期', children: item.dueDate },
              {
                key: 'amount',
                label: '应还合计',
                children: <Typography.Text strong>{money(item.amount)} 元</Typography.Text>,
              },
            ]}
          />
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
    </>
  );
}
