import { APPLICATION_STATE_DISPLAY, type ApplicationView } from '@loan/domain';
import { Result } from 'antd';
import { Link } from 'react-router';
import { yuanText } from './ApplicationParts';

/** The loan's page in the loan records (by the application's number). */
export const loanDetailPath = (application: Pick<ApplicationView, 'rowId'>) =>
  `/record/loanRecordDetail?rowId=${application.rowId}`;

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
          <Link to="/record/loanRecord">查看贷款记录</Link>
        ) : (
          <Link to={loanDetailPath(application)}>查看借款详情</Link>
        )
      }
    />
  );
}
