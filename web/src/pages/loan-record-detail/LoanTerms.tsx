import {
  formatDateTime,
  type LoanView,
  loanRecordDisplay,
  type OverdueBucket,
  OWED_LABEL,
  REPAYMENT_METHOD_LABELS,
  SERVICE_FEE_STATUS_LABELS,
} from '@loan/domain';
import { Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { pathWithQuery, SERVICE_FEES_PATH } from '../../app/paths';
import { rateText, yuanText } from '../../components/application/ApplicationParts';
import { EnumTag, fenOf } from '../../components/records/RecordParts';

/** 服务费 of the loan: the total with its status, what was paid and what is left, and the way to the fee page. */
function ServiceFeeText({ fee, loanId }: { fee: NonNullable<LoanView['serviceFee']>; loanId: number }) {
  const parts = [
    fee.paid && fenOf(fee.paid) ? `已缴 ${yuanText(fee.paid)}` : null,
    fee.discount && fenOf(fee.discount) ? `优惠 ${yuanText(fee.discount)}` : null,
    fee.waived && fenOf(fee.waived) ? `减免 ${yuanText(fee.waived)}` : null,
    fee.outstanding && fenOf(fee.outstanding) ? `${OWED_LABEL} ${yuanText(fee.outstanding)}` : null,
  ].filter(Boolean);
  return (
    <>
      {yuanText(fee.amount)}（{SERVICE_FEE_STATUS_LABELS[fee.status]}）
      {fee.rateLabel ? ` · ${fee.rateLabel}` : ''}
      {parts.length > 0 ? ` · ${parts.join('，')}` : ''}{' '}
      <Link to={pathWithQuery(SERVICE_FEES_PATH, { loanId })}>服务费明细</Link>
      {fee.chargeRule && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {fee.chargeRule}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** `bucket`: the overdue loan's bucket, named in its status */
export function LoanTerms({ loan, bucket = null }: { loan: LoanView; bucket?: OverdueBucket | null }) {
  const fee = loan.serviceFee;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'principal', label: '借款本金', children: yuanText(loan.principal) },
        { key: 'rate', label: '名义年利率', children: rateText(loan.annualRate) },
        { key: 'annualised', label: '年化利率', children: rateText(loan.annualisedRate) },
        { key: 'method', label: '还款方式', children: REPAYMENT_METHOD_LABELS[loan.method] },
        { key: 'term', label: '借款期限', children: `${loan.termMonths} 个月` },
        { key: 'start', label: '起息日', children: loan.startDate },
        {
          key: 'status',
          label: '贷款状态',
          children: <EnumTag display={loanRecordDisplay(loan.status, bucket)} />,
        },
        { key: 'outstanding', label: '待还本金', children: yuanText(loan.outstandingPrincipal) },
        {
          key: 'fee',
          label: '服务费',
          children: fee ? <ServiceFeeText fee={fee} loanId={loan.loanId} /> : '无',
        },
        { key: 'disbursedAt', label: '放款时间', children: formatDateTime(loan.disbursedAt) },
        ...(loan.settledAt
          ? [{ key: 'settledAt', label: '结清时间', children: formatDateTime(loan.settledAt) }]
          : []),
      ]}
    />
  );
}
