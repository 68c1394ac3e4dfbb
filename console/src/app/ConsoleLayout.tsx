import { AuditOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Grid, Layout, Menu, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/ops';
import { inboxQuery } from '../api/requests';
import { menuFor, permissionFor } from './menu';
import { clearOpsSession, useOpsSession } from './session';

/** The signed-in console: the side menu of what the operator may open, who they are, and the page. */
export default function ConsoleLayout() {
  const session = useOpsSession();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const inbox = useQuery({ ...inboxQuery(), enabled: session !== null });
  if (!session) return <Navigate to="/login" replace />;
  const { operator } = session;
  const items = menuFor(operator.permissions);
  const needed = permissionFor(location.pathname);
  const allowed = needed === null || operator.permissions.includes(needed);
  const signOut = async () => {
    try {
      await logout();
    } finally {
      clearOpsSession();
      navigate('/login', { replace: true });
    }
  };
  const wide = screens.lg === true;
  const menu = (
    <nav aria-label="运营后台菜单">
      <Menu
        mode="inline"
        selectedKeys={[location.pathname]}
        items={items.map((entry) => ({ key: entry.path, label: entry.label }))}
        onClick={({ key }) => {
          setDrawerOpen(false);
          navigate(key);
        }}
      />
    </nav>
  );
  return (
    <Layout className="ops-shell">
      {wide && (
        <Layout.Sider theme="light" width={200} className="ops-sider">
          <div className="ops-brand">运营后台</div>
          {menu}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          placement="left"
          size={220}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title="运营后台"
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="ops-header">
          <Space size={8} wrap>
            {!wide && (
              <Button icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />
            )}
            <Typography.Text strong>{operator.name}</Typography.Text>
            {screens.sm &&
              operator.roles.map((role) => (
                <Tag key={role.code} color="blue">
                  {role.name}
                </Tag>
              ))}
          </Space>
          <Space size={8}>
            <Badge count={inbox.data?.length ?? 0} size="small">
              <Button
                icon={<AuditOutlined />}
                onClick={() => navigate('/inbox')}
                aria-label={`待我审批（${inbox.data?.length ?? 0} 项）`}
              >
                {screens.sm ? '待我审批' : null}
              </Button>
            </Badge>
            <Button icon={<LogoutOutlined />} onClick={signOut}>
              退出
            </Button>
          </Space>
        </Layout.Header>
        {/* antd's Content is the page's <main> */}
        <Layout.Content className="ops-content">
          {allowed ? (
            <Outlet />
          ) : (
            <Result status="403" title="没有权限" subTitle="您的角色不能查看此页面，请联系管理员分配角色。" />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
