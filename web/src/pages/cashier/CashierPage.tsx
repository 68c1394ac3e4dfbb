import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { PaymentOrderView } from '@loan/domain';
import { CLOSE_REASON_LABELS } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Skeleton, Spin, Tag } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, isRspError } from '../../api/errors';
import { closeOrder, paymentKeys, paymentOrderQueryOptions, sandboxCashier } from '../../api/payments';
import { SERVICE_FEES_PATH } from '../../app/paths';
import { money } from '../../components/payments/pay-labels';
import { ReceiptButton } from '../../components/payments/ReceiptButton';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { refreshCouponsCount } from '../../session/coupons-count';
import { safeRedirect } from '../../session/sign-in';
import { OrderSummary } from './OrderSummary';

const DEFAULT_BACK = SERVICE_FEES_PATH;
/** Seconds the success screen waits before going back by itself. */
const RETURN_AFTER_SECONDS = 5;

type Step = 'idle' | 'paying' | 'failing' | 'waiting' | 'failed';

function Title() {
  return (
    <Flex align="center" gap={8} wrap>
      <SafetyCertificateOutlined style={{ color: '#1366db' }} />
      <span>沙箱收银台</span>
      <Tag color="orange">沙箱</Tag>
    </Flex>
  );
}

function Paid({ order, back }: { order: PaymentOrderView; back: () => void }) {
  const [left, setLeft] = useState(RETURN_AFTER_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      back();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, back]);
  return (
    <Result
      status="success"
      title="支付成功"
      subTitle={`已支付 ${money(order.amount)} 元，订单号 ${order.outTradeNo}。${left > 0 ? `${left} 秒后自动返回。` : ''}`}
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button type="primary" onClick={back}>
            立即返回
          </Button>
          <ReceiptButton outTradeNo={order.outTradeNo} />
        </Flex>
      }
    />
  );
}

function Cashier({ order, back }: { order: PaymentOrderView; back: () => void }) {
  const [step, setStep] = useState<Step>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const orderKey = paymentOrderQueryOptions(order.outTradeNo).queryKey;

  const act = async (action: 'PAY' | 'FAIL') => {
    setStep(action === 'PAY' ? 'paying' : 'failing');
    setProblem(null);
    try {
      const answer = await sandboxCashier({ outTradeNo: order.outTradeNo, action }, { silent: true });
      queryClient.setQueryData(orderKey, answer);
      if (action === 'PAY') setStep('waiting');
      else setStep(answer.status === 'CREATED' ? 'failed' : 'idle');
      void queryClient.invalidateQueries({ queryKey: orderKey });
    } catch (caught) {
      setStep('idle');
      setProblem(isApiError(caught) ? caught.desc : '收银台暂时无法处理，请稍后重试');
    }
  };

  const cancel = async () => {
    try {
      await closeOrder(order.outTradeNo, { silent: true });
    } catch {
      // the order closes by itself after its time; going back is what the borrower asked for
    }
    back();
  };

  if (step === 'waiting')
    return (
      <Result
        icon={<Spin size="large" />}
        title="正在确认支付结果…"
        subTitle="支付机构已受理，结果通知到达后本页会自动更新，请勿重复支付。"
      />
    );

  const busy = step === 'paying' || step === 'failing';
  return (
    <Flex vertical gap={16}>
      <OrderSummary order={order} />
      {step === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="支付失败（模拟）"
          description="本次模拟支付未成功，订单仍可继续支付，也可以返回稍后再试。"
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} />}
      <Flex vertical gap={8}>
        <Button
          type="primary"
          size="large"
          block
          loading={step === 'paying'}
          disabled={busy}
          onClick={() => void act('PAY')}
        >
          确认支付
        </Button>
        <Button danger block loading={step === 'failing'} disabled={busy} onClick={() => void act('FAIL')}>
          模拟支付失败
        </Button>
        <Button type="link" disabled={busy} onClick={() => void cancel()}>
          取消支付并返回
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * /cashier?outTradeNo=…&back=…: the sandbox gateway's cashier. The borrower confirms or fails the payment; the
 * order is asked again until the gateway's notify has made it PAID (or CLOSED), then the borrower goes back.
 */
export default function CashierPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outTradeNo = params.get('outTradeNo') ?? '';
  const backTo = safeRedirect(params.get('back')) ?? DEFAULT_BACK;
  const order = useQuery({
    ...paymentOrderQueryOptions(outTradeNo),
    enabled: outTradeNo !== '',
    retry: (count, error) => !isRspError(error) && count < 2,
  });
  const status = order.data?.status;
  useEffect(() => {
    if (status === 'PAID' || status === 'CLOSED') {
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== paymentKeys.all[0] });
      void refreshCouponsCount();
    }
  }, [status, queryClient]);
  const back = useCallback(() => navigate(backTo, { replace: true }), [navigate, backTo]);

  let body: ReactNode;
  if (!outTradeNo || (order.isError && isRspError(order.error)))
    body = <Result status="404" title="订单不存在或无权查看" extra={<Button onClick={back}>返回</Button>} />;
  else if (order.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (order.isError)
    body = (
      <Result
        status="warning"
        title="暂时无法加载订单"
        extra={<Button onClick={() => void order.refetch()}>重新加载</Button>}
      />
    );
  else if (order.data.status === 'PAID') body = <Paid order={order.data} back={back} />;
  else if (order.data.status === 'CLOSED')
    body = (
      <Result
        status="info"
        title="订单已关闭"
        subTitle={`${order.data.closeReason ? CLOSE_REASON_LABELS[order.data.closeReason] : '订单未支付'}，未产生扣款。如需继续，请返回重新发起支付。`}
        extra={
          <Button type="primary" onClick={back}>
            返回
          </Button>
        }
      />
    );
  else body = <Cashier order={order.data} back={back} />;

  return (
    <StandaloneFrame width={520}>
      <Card title={<Title />}>
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title="沙箱环境：模拟支付，不会产生真实扣款" />
          {body}
        </Flex>
      </Card>
    </StandaloneFrame>
  );
}
