import { Link, Outlet } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { LOGIN_PATH } from '../paths';

/** The separate /user layout (docs/PRODUCT.md §2): account pages reached without signing in. */
export default function UserLayout() {
  return (
    <StandaloneFrame width={640} extra={<Link to={LOGIN_PATH}>返回登录</Link>}>
      <Outlet />
    </StandaloneFrame>
  );
}
