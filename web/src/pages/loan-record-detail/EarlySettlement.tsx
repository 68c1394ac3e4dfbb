import { type EarlySettleResult, type LoanView, RSP } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { earlySettle, settlementQuoteQueryOptions } from '../../api/loans';
import { yuanText } from '../../components/application/ApplicationParts';

/**
 * 提前结清: the quote (principal outstanding + interest to date + fee + penalty) on demand, confirmed in a
 * Modal, then POST /loanMgr/earlySettle with the quoted total. A changed quote (3603) shows the server's new
 * total and fetches the quote again; the bank's refusal is shown with its reason.
 */
export function EarlySettlement({ loan, onSettled }: { loan: LoanView; onSettled: () => void }) {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<EarlySettleResult | null>(null);
  const quote = useQuery({ ...settlementQuoteQueryOptions(loan.loanId), enabled: asked });

  const confirm = async () => {
    if (!quote.data) return;
    setPending(true);
    setProblem(null);
    try {
      const answer = await earlySettle({ loanId: loan.loanId, total: quote.data.total }, { silent: true });
      setResult(answer);
      setOpen(false);
      if (answer.status === 'SETTLED') onSettled();
    } catch (caught) {
      setProblem(isApiError(caught) ? caught.desc : '提前结清失败，请稍后重试');
      if (isApiError(caught) && caught.code === RSP.QUOTE_CHANGED) void quote.refetch();
    } finally {
      setPending(false);
    }
  };

  if (result?.status === 'SETTLED')
    return (
      <Alert
        type="success"
        showIcon
        title="已提前结清"
        description={`贷款已结清，待还本金 ${yuanText(result.loan.outstandingPrincipal)}。`}
      />
    );

  return (
    <Flex vertical gap={12}>
      {result?.status === 'REFUSED' && (
        <Alert
          type="warning"
          showIcon
          title="合作机构未受理提前结清"
          description={result.reason ?? undefined}
        />
      )}
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
      {quote.data && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'asOf', label: '报价日期', children: quote.data.asOfDate },
              { key: 'principal', label: '剩余本金', children: yuanText(quote.data.principal) },
              { key: 'interest', label: '应付利息', children: yuanText(quote.data.interest) },
              { key: 'fee', label: '服务费', children: yuanText(quote.data.fee) },
              { key: 'penalty', label: '罚息', children: yuanText(quote.data.penalty) },
              {
                key: 'total',
                label: '结清总额',
                children: (
                  <Typography.Text strong data-testid="quote-total">
                    {yuanText(quote.data.total)}
                  </Typography.Text>
                ),
              },
            ]}
          />
          {problem && !open && <Alert type="warning" showIcon title={problem} />}
          <Flex gap={8} wrap>
            <Button type="primary" onClick={() => setOpen(true)} disabled={quote.isFetching}>
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
        okText="确认结清"
        cancelText="再想想"
        okButtonProps={{ loading: pending, disabled: quote.isFetching }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void confirm()}
        onCancel={() => !pending && setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          将向合作机构一次性支付 <Typography.Text strong>{yuanText(quote.data?.total)}</Typography.Text>
          （含剩余本金、截至 {quote.data?.asOfDate} 的利息及费用）结清本笔贷款，结清后不可撤销。
        </Typography.Paragraph>
        {problem && <Alert type="warning" showIcon title={problem} />}
      </Modal>
    </Flex>
  );
}
