import { DownOutlined, GiftOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { couponsCountValue } from '../../session/coupons-count';
import { useLogout } from '../../session/useLogout';
import { useSession } from '../../session/useSession';
import { CHANGE_PASSWORD_PATH, MY_ACCOUNT_PATH } from '../paths';

/** The user's name in the header (a badge with the usable coupons), with coupons, password change and logout. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = session.loginName || session.loginId || '用户';
  const coupons = couponsCountValue(session.couponsCount);

  const items: MenuProps['items'] = [
    {
      key: 'coupons',
      icon: <GiftOutlined />,
      label: coupons === null ? '我的优惠券' : `我的优惠券（${coupons} 张可用）`,
    },
    { key: 'reset', icon: <KeyOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'coupons') navigate(MY_ACCOUNT_PATH);
    if (key === 'reset') navigate(CHANGE_PASSWORD_PATH);
    if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* named by its text (the name shown, then what screen readers alone read), so what is seen is what is said */}
      <button type="button" className="user-menu-trigger">
        <span aria-hidden>
          <Badge count={coupons ?? 0} size="small" title={coupons ? `${coupons} 张可用优惠券` : undefined}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1366db' }} />
          </Badge>
        </span>
        <span className="user-menu-name">{name}</span>
        <span className="sr-only">，账户菜单{coupons ? `，${coupons} 张可用优惠券` : ''}</span>
        {!compact && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
      </button>
    </Dropdown>
  );
}
