import { Alert } from 'antd';
import { Link } from 'react-router';

/** Where a store is authorised (the loan information page's store card), and the products are. */
export const LOAN_INFO_PATH = '/apply/LoanInfo';

/** The store cannot apply: why, and where the store card re-authorises. */
export function StoreProblemAlert({ reason }: { reason: string }) {
  return (
    <Alert
      className="form-alert"
      type="warning"
      showIcon
      title={reason}
      action={<Link to={LOAN_INFO_PATH}>去授权店铺</Link>}
    />
  );
}
