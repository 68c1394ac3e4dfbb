import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useLogout } from '../../session/useLogout';
import { useSession } from '../../session/useSession';
import { CHANGE_PASSWORD_PATH } from '../guard';

/** The user's name in the header, with password change and logout. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = session.loginName || session.loginId || '用户';

  const items: MenuProps['items'] = [
    { key: 'reset', icon: <KeyOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'reset') navigate(CHANGE_PASSWORD_PATH);
    if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="user-menu-trigger" aria-label={`${name}，账户菜单`}>
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1677ff' }} />
        <span className="user-menu-name">{name}</span>
        {!compact && <DownOutlined style={{ fontSize: 10 }} />}
      </button>
    </Dropdown>
  );
}
