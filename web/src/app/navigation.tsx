import {
  AccountBookOutlined,
  BankOutlined,
  FileTextOutlined,
  SwapOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import {
  CHANGE_PASSWORD_PATH,
  LOAN_CALCULATOR_PATH,
  LOAN_INFO_PATH,
  LOAN_RECORDS_PATH,
  MESSAGES_PATH,
  MY_ACCOUNT_PATH,
  RECEIVING_ACCOUNT_PATH,
  REFUND_PATH,
  SERVICE_FEES_PATH,
  TRADING_RECORDS_PATH,
} from './paths';

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
      { label: '贷款信息', path: LOAN_INFO_PATH },
      { label: '贷款计算器', path: LOAN_CALCULATOR_PATH },
    ],
  },
  { label: '贷款记录', path: LOAN_RECORDS_PATH, icon: <FileTextOutlined /> },
  { label: '交易记录', path: TRADING_RECORDS_PATH, icon: <SwapOutlined /> },
  {
    key: 'account',
    label: '我的账户',
    icon: <UserOutlined />,
    children: [
      { label: '我的账户', path: MY_ACCOUNT_PATH },
      { label: '消息中心', path: MESSAGES_PATH },
      { label: '修改密码', path: CHANGE_PASSWORD_PATH },
      { label: '申请退款', path: REFUND_PATH },
    ],
  },
  { label: '服务费', path: SERVICE_FEES_PATH, icon: <AccountBookOutlined /> },
  { label: '收款账户', path: RECEIVING_ACCOUNT_PATH, icon: <WalletOutlined /> },
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
