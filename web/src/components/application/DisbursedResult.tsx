import { APPLICATION_STATE_DISPLAY, type ApplicationView } from '@loan/domain';
import { Result } from 'antd';
import { Link } from 'react-router';
import { LOAN_RECORDS_PATH, loanRecordDetailPath } from '../../app/paths';
import { yuanText } from './ApplicationParts';

/** 已放款: how much was lent and the way to the loan (its schedule, repayments) once the loan is there. */
export function DisbursedResult({ application }: { application: ApplicationView }) {
  const display = APPLICATION_STATE_DISPLAY.DISBURSED;
  // the loan's principal is the approved amount (the amount asked when the bank did not say)
  const amount = application.approvedAmount ?? application.amount;
  return (
    <Result
      status="success"
      title={display.label}
      subTitle={<span data-testid="disbursed-amount">放款金额：{yuanText(amount)}</span>}
      extra={
        application.loanId === null ? (
          <Link to={LOAN_RECORDS_PATH}>查看贷款记录</Link>
        ) : (
          <Link to={loanRecordDetailPath(application.rowId)}>查看借款详情</Link>
        )
      }
    />
  );
}
