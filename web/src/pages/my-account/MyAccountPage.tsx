import { Link } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /account/myAccount: account overview and coupons. Built by a later issue. */
export default function MyAccountPage() {
  return (
    <UnderConstruction feature="我的账户将展示您的账户信息、收款账户、优惠券和账户状态。">
      <Link to="/account/reset">修改密码</Link>
    </UnderConstruction>
  );
}
