import {
  formatPercent,
  formatYuan,
  REPAYMENT_METHOD_LABELS,
  type RepaymentMethod,
  type Schedule,
} from '@loan/domain';
import { Modal, Typography } from 'antd';
import { FactList } from '../../components/FactList';
import { firstAndLast } from './PreviewSummary';

/** What the borrower is about to ask for: the terms and the figures of the preview. */
export interface ApplicationFacts {
  bankName: string;
  amountFen: number;
  months: number;
  method: RepaymentMethod;
  purpose: string;
  schedule: Schedule;
}

const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/**
 * 确认提交: the key facts of the application before it goes to the bank (amount, term, method, 年化利率, total to
 * repay, first and last payment with their dates); 确认提交 submits, 返回修改 goes back to the form.
 */
export function ConfirmSubmitModal({
  facts,
  submitting,
  onConfirm,
  onCancel,
}: {
  facts: ApplicationFacts | null;
  submitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { first, last } = facts ? firstAndLast(facts.schedule) : { first: null, last: null };
  return (
    <Modal
      open={facts !== null}
      title="确认提交借款申请"
      okText="确认提交"
      cancelText="返回修改"
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={submitting}
      maskClosable={!submitting}
      destroyOnHidden
    >
      {facts && first && last && (
        <>
          <FactList
            aria-label="申请要点"
            items={[
              { key: 'amount', label: '借款金额', children: yuan(facts.amountFen) },
              { key: 'term', label: '借款期限', children: `${facts.months} 个月` },
              { key: 'method', label: '还款方式', children: REPAYMENT_METHOD_LABELS[facts.method] },
              {
                key: 'annualised',
                label: '年化利率',
                children: formatPercent(facts.schedule.annualisedRate),
              },
              { key: 'total', label: '还款总额', children: yuan(facts.schedule.totals.paymentFen) },
              {
                key: 'first',
                label: '首期还款',
                children: `${first.dueDate} 应还 ${yuan(first.paymentFen)}`,
              },
              { key: 'last', label: '末期还款', children: `${last.dueDate} 应还 ${yuan(last.paymentFen)}` },
              { key: 'purpose', label: '借款用途', children: facts.purpose },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            提交后由{facts.bankName}审核，审批额度和还款计划以其审批结果及借款合同为准。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
