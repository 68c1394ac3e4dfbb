import { Alert } from 'antd';
import { Link } from 'react-router';
import { LOAN_INFO_PATH } from '../../app/paths';

/** The store cannot apply: why, and where the store card re-authorises (the loan information page). */
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
