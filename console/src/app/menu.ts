import type { Permission } from '@loan/domain';

export interface MenuEntry {
  path: string;
  label: string;
  /** null: every operator */
  permission: Permission | null;
}

/** The console's pages in the side menu, each with the permission it needs. */
export const MENU: readonly MenuEntry[] = [
  { path: '/', label: '工作台', permission: null },
  { path: '/inbox', label: '待我审批', permission: null },
  { path: '/queues', label: '待处理事项', permission: 'borrower.read' },
  { path: '/borrowers', label: '借款人查询', permission: 'borrower.read' },
  { path: '/collections', label: '催收工作台', permission: 'collection.view' },
  { path: '/refunds', label: '退款审核', permission: 'refund.review' },
  { path: '/coupons', label: '优惠券活动', permission: 'coupon.manage' },
  { path: '/partner-calls', label: '合作方调用', permission: 'partner-call.resolve' },
  { path: '/reports', label: '报表', permission: 'report.read' },
  { path: '/audit', label: '审计日志', permission: 'audit.read' },
  { path: '/operators', label: '运营人员与角色', permission: 'operator.manage' },
  { path: '/system', label: '系统状态', permission: 'system.view' },
];

/** The entries an operator with these permissions sees. */
export function menuFor(permissions: readonly Permission[]): MenuEntry[] {
  return MENU.filter((entry) => entry.permission === null || permissions.includes(entry.permission));
}

/** The permission a page of the console needs (null: none, or not a page of the menu). */
export function permissionFor(path: string): Permission | null {
  return MENU.find((entry) => entry.path === path)?.permission ?? null;
}
