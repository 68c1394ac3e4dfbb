/**
 * What an operator may do in the console: one permission per action, each with its Chinese name, and the roles
 * the portal starts with (the `roles` table holds them as data; an administrator changes them in the console).
 * Every ops route names one of these in its route config (or none: any signed-in operator).
 */
export const PERMISSIONS = {
  'borrower.read': '查看借款人',
  'borrower.reveal-pii': '查看借款人完整信息',
  'borrower.unlock': '解除借款人登录锁定',
  'borrower.enable': '启用或停用借款人',
  'refund.review': '审核退款申请',
  'refund.confirm': '复核退款决定',
  'fee.waive': '减免服务费或罚息',
  'coupon.issue': '发放优惠券',
  'coupon.manage': '管理优惠券模板',
  'partner-call.resolve': '处理合作方调用',
  'report.read': '查看对账与报表',
  'collection.view': '查看催收工作台',
  'collection.work': '催收跟进',
  'collection.assign': '分派催收案件并处理困难申请',
  'audit.read': '查询审计日志',
  'operator.manage': '管理运营人员与角色',
  'system.view': '查看系统状态',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

export interface RoleDefinition {
  code: string;
  name: string;
  permissions: readonly Permission[];
}

/** The roles a new installation starts with (seeded once; afterwards they are data). */
export const DEFAULT_ROLES: readonly RoleDefinition[] = [
  { code: 'support', name: '客服', permissions: ['borrower.read', 'borrower.unlock'] },
  {
    code: 'reviewer',
    name: '审核',
    permissions: ['borrower.read', 'refund.review', 'coupon.issue', 'fee.waive', 'borrower.enable'],
  },
  {
    code: 'finance',
    name: '财务',
    permissions: ['borrower.read', 'refund.confirm', 'partner-call.resolve', 'report.read', 'coupon.manage'],
  },
  {
    code: 'collections',
    name: '风控',
    permissions: [
      'borrower.read',
      'borrower.reveal-pii',
      'collection.view',
      'collection.work',
      'collection.assign',
    ],
  },
  { code: 'admin', name: '管理员', permissions: ALL_PERMISSIONS },
];

/** The union of the roles' permissions, in the catalogue's order. */
export function permissionsOf(roles: readonly { permissions: readonly string[] }[]): Permission[] {
  const held = new Set(roles.flatMap((role) => role.permissions));
  return ALL_PERMISSIONS.filter((permission) => held.has(permission));
}

/** The Chinese sentence of a refusal for want of a permission. */
export function missingPermissionText(permission: Permission): string {
  return `您没有“${PERMISSIONS[permission]}”的权限，请联系管理员分配角色`;
}
