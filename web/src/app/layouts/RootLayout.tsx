import { HomeOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Layout, Menu, type MenuProps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { AppFooterText } from '../../components/AppFooterText';
import { Brand } from '../../components/Brand';
import { guardSession } from '../AppShell';
import { mayOpen } from '../guard';
import { activeNav, NAVIGATION, type NavItem, visibleNavigation } from '../navigation';
import { ROOT_PATH } from '../paths';
import { preloadOnIntent } from '../preload';
import { breadcrumbs, routeHeading } from '../route-handle';
import { useIsPhone } from '../useIsPhone';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';

const { Header, Sider, Content, Footer } = Layout;

function toMenuItems(items: NavItem[]): MenuProps['items'] {
  return items.map((item) =>
    item.children
      ? {
          key: item.key ?? item.label,
          icon: item.icon,
          label: item.label,
          children: toMenuItems(item.children),
        }
      : {
          key: item.path ?? item.label,
          icon: item.icon,
          label: (
            <Link to={item.path ?? ROOT_PATH} {...preloadOnIntent(item.path ?? ROOT_PATH)}>
              {item.label}
            </Link>
          ),
        },
  );
}

function SideMenu({
  pathname,
  collapsed = false,
  onNavigate,
}: {
  pathname: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const active = activeNav(pathname);
  // the guard's rule: only pages a fresh load would open (re-read on every page change)
  const session = guardSession();
  const items = toMenuItems(visibleNavigation(NAVIGATION, (path) => mayOpen(path, session)));
  const [openKeys, setOpenKeys] = useState<string[]>(active.group ? [active.group] : []);
  // keep the current page's group open (also after the side bar is expanded again)
  useEffect(() => {
    if (active.group && !collapsed)
      setOpenKeys((keys) => (keys.includes(active.group!) ? keys : [...keys, active.group!]));
  }, [active.group, collapsed]);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={active.path ? [active.path] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

/** The main layout at "/": header with the user, side navigation (a drawer on phones), page header, footer. */
export default function RootLayout() {
  const phone = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const title = routeHeading(matches);
  const crumbs = useMemo(() => breadcrumbs(matches), [matches]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <Layout className="root-layout">
      {!phone && (
        <Sider
          className="root-sider"
          theme="light"
          width={248}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          collapsible
        >
          <div className="root-sider-brand">
            <Brand compact={collapsed} />
          </div>
          <nav aria-label="主导航">
            <SideMenu pathname={location.pathname} collapsed={collapsed} />
          </nav>
        </Sider>
      )}
      <Layout className="root-main">
        <Header className="root-header">
          {phone ? (
            <>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label="打开导航菜单"
                onClick={() => setDrawerOpen(true)}
              />
              <div className="root-header-brand">
                <Brand />
              </div>
            </>
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? '展开导航菜单' : '收起导航菜单'}
              onClick={() => setCollapsed((c) => !c)}
            />
          )}
          <div className="root-header-spacer" />
          <NoticeBell />
          <UserMenu compact={phone} />
        </Header>
        {navigation.state === 'loading' && <div className="route-progress" aria-hidden />}
        <Content className="root-content">
          <div className="page-header">
            <Breadcrumb
              items={[
                {
                  title: (
                    <Link to="/" aria-label="首页">
                      <HomeOutlined />
                    </Link>
                  ),
                },
                ...crumbs.map((crumb, index) => ({
                  title:
                    crumb.path && index < crumbs.length - 1 ? (
                      <Link to={crumb.path}>{crumb.title}</Link>
                    ) : (
                      crumb.title
                    ),
                })),
              ]}
            />
            {title && (
              <Typography.Title level={4} className="page-title">
                {title}
              </Typography.Title>
            )}
          </div>
          <div className="page-body">
            <Outlet />
          </div>
        </Content>
        <Footer className="app-footer">
          <AppFooterText />
        </Footer>
      </Layout>
      {phone && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          title={<Brand />}
          styles={{ body: { padding: 0 } }}
        >
          <nav aria-label="主导航">
            <SideMenu pathname={location.pathname} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      )}
    </Layout>
  );
}
