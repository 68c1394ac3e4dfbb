import {
  AccountBookOutlined,
  BankOutlined,
  FileTextOutlined,
  SwapOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The side navigation of the root layout, as data. */
export interface NavItem {
  label: string;
  /** a leaf's path */
  path?: string;
  icon?: ReactNode;
  children?: NavItem[];
  /** key of a group */
  key?: string;
}

export const NAVIGATION: NavItem[] = [
  {
    key: 'apply',
    label: '贷款申请',
    icon: <BankOutlined />,
    children: [
      { label: '贷款信息', path: '/apply/LoanInfo' },
      { label: '贷款计算器', path: '/apply/loanDetail' },
    ],
  },
  { label: '贷款记录', path: '/record/loanRecord', icon: <FileTextOutlined /> },
  { label: '交易记录', path: '/trading/tradingRecord', icon: <SwapOutlined /> },
  {
    key: 'account',
    label: '我的账户',
    icon: <UserOutlined />,
    children: [
      { label: '我的账户', path: '/account/myAccount' },
      { label: '修改密码', path: '/account/reset' },
      { label: '申请退款', path: '/account/refund' },
    ],
  },
  { label: '服务费', path: '/service/serviceDetail', icon: <AccountBookOutlined /> },
  { label: '收款账户', path: '/lock/toApplyAccountPage', icon: <WalletOutlined /> },
];

/** The entries whose page `allowed` accepts; a group left without entries is dropped. */
export function visibleNavigation(items: NavItem[], allowed: (path: string) => boolean): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return item.path && allowed(item.path) ? [item] : [];
    const children = visibleNavigation(item.children, allowed);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

function leaves(items: NavItem[], parent?: NavItem): Array<{ path: string; group?: string }> {
  return items.flatMap((item) =>
    item.children ? leaves(item.children, item) : item.path ? [{ path: item.path, group: parent?.key }] : [],
  );
}

const LEAVES = leaves(NAVIGATION);

/** The menu entry for a location: the leaf whose path is the longest prefix of it. */
export function activeNav(pathname: string): { path?: string; group?: string } {
  let best: { path: string; group?: string } | undefined;
  for (const leaf of LEAVES) {
    if (pathname === leaf.path || pathname.startsWith(leaf.path)) {
      if (!best || leaf.path.length > best.path.length) best = leaf;
    }
  }
  return best ?? {};
}
