import { type LoanView, type PaymentChannel, RSP, type SettlementQuote } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { earlySettle, settlementQuoteQueryOptions } from '../../api/loans';
import { yuanText } from '../../components/application/ApplicationParts';
import { ChannelPicker, cashierTarget } from '../../components/payments/ChannelPicker';
import { useOpenOrderActions } from '../../components/payments/useOpenOrderActions';
import { SettlementQuoteView } from './SettlementQuoteView';

/** A settlement already waiting at the cashier: 继续支付 or 取消支付 before another can start. */
function WaitingSettlement({
  waiting,
  onClosed,
}: {
  waiting: NonNullable<SettlementQuote['openOrder']>;
  onClosed: () => void;
}) {
  const { pay, cancel, pending, problem } = useOpenOrderActions(waiting, onClosed);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="settlement-waiting"
      title={`有一笔提前结清待支付：${yuanText(waiting.amount)}`}
      description={
        <>
          订单号 {waiting.outTradeNo}；未支付的订单在报价当日结束时自动关闭。
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

/**
 * 提前结清: the quote on demand (fixed until the end of its day), confirmed in a Modal with a channel, then
 * POST /loanMgr/earlySettle, which answers with a payment order: the borrower pays it at the cashier like any
 * payment, and only the paid notify settles the loan. A settlement already waiting at the cashier is shown with
 * 继续支付 and 取消支付. A changed quote (3603) shows the server's new total and fetches the quote again.
 */
export function EarlySettlement({ loan, onSettled }: { loan: LoanView; onSettled: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [channel, setChannel] = useState<PaymentChannel>('TRANSFER');
  const [problem, setProblem] = useState<string | null>(null);
  const quote = useQuery({ ...settlementQuoteQueryOptions(loan.loanId), enabled: asked });
  const here = `${location.pathname}${location.search}`;

  const goPay = (cashierUrl: string | null, outTradeNo: string) => {
    const target = cashierTarget(cashierUrl, outTradeNo, here);
    if ('internal' in target) navigate(target.internal);
    else window.location.assign(target.external);
  };

  const confirm = async () => {
    if (!quote.data) return;
    setPending(true);
    setProblem(null);
    try {
      const { order, cashierUrl } = await earlySettle(
        { loanId: loan.loanId, total: quote.data.total, channel },
        { silent: true },
      );
      setOpen(false);
      if (order.status === 'PAID') onSettled();
      else goPay(cashierUrl, order.outTradeNo);
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '提前结清失败，请稍后重试');
      if (
        isApiError(caught) &&
        (caught.code === RSP.QUOTE_CHANGED || caught.code === RSP.PAY_LOAN_HAS_OPEN_ORDER)
      )
        void quote.refetch();
    } finally {
      setPending(false);
    }
  };

  const waiting = quote.data?.openOrder ?? null;
  return (
    <Flex vertical gap={12}>
      {!asked && (
        <Flex>
          <Button onClick={() => setAsked(true)}>获取结清报价</Button>
        </Flex>
      )}
      {asked && quote.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {quote.isError && (
        <Alert
          type="error"
          showIcon
          title={isApiError(quote.error) ? quote.error.desc : '暂时无法获取结清报价'}
          action={<Button onClick={() => void quote.refetch()}>重试</Button>}
        />
      )}
      {waiting && <WaitingSettlement waiting={waiting} onClosed={() => void quote.refetch()} />}
      {quote.data && (
        <>
          <SettlementQuoteView quote={quote.data} />
          {problem && !open && <Alert type="warning" showIcon title={problem} />}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              onClick={() => setOpen(true)}
              disabled={quote.isFetching || waiting !== null}
            >
              提前结清
            </Button>
            <Button onClick={() => void quote.refetch()} loading={quote.isFetching}>
              刷新报价
            </Button>
          </Flex>
        </>
      )}
      <Modal
        open={open}
        title="确认提前结清？"
        okText={`去支付 ${yuanText(quote.data?.total)}`}
        cancelText="再想想"
        okButtonProps={{ loading: pending, disabled: quote.isFetching }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void confirm()}
        onCancel={() => !pending && setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            在收银台支付 <Typography.Text strong>{yuanText(quote.data?.total)}</Typography.Text>
            （含剩余本金、计息至 {quote.data?.asOfDate} 的利息及应缴费用）后，本笔贷款即结清，结清后不可撤销。
            {quote.data?.feeNote ? ` ${quote.data.feeNote}。` : ''}
            {quote.data?.creditNote ? ` ${quote.data.creditNote}。` : ''}
          </Typography.Paragraph>
          <ChannelPicker value={channel} onChange={setChannel} />
          {problem && <Alert type="warning" showIcon title={problem} />}
        </Flex>
      </Modal>
    </Flex>
  );
}
