import { describe, expect, it } from 'vitest';
import { menuFor, permissionFor } from './menu';

describe('the console’s menu by permission', () => {
  it.each([
    [[], ['工作台', '待我审批']],
    [['audit.read'], ['工作台', '待我审批', '审计日志']],
    [
      ['operator.manage', 'audit.read'],
      ['工作台', '待我审批', '审计日志', '运营人员与角色'],
    ],
    [
      ['system.view', 'operator.manage', 'audit.read'],
      ['工作台', '待我审批', '审计日志', '运营人员与角色', '系统状态'],
    ],
    [['system.view'], ['工作台', '待我审批', '系统状态']],
    [['refund.review'], ['工作台', '待我审批', '退款审核']],
    [
      ['borrower.read', 'refund.review'],
      ['工作台', '待我审批', '待处理事项', '借款人查询', '退款审核'],
    ],
    [['partner-call.resolve'], ['工作台', '待我审批', '合作方调用']],
    [['report.read'], ['工作台', '待我审批', '报表']],
    [['coupon.manage'], ['工作台', '待我审批', '优惠券活动']],
    [
      ['borrower.read', 'collection.view', 'collection.work'],
      ['工作台', '待我审批', '待处理事项', '借款人查询', '催收工作台'],
    ],
  ] as const)('%j sees %j', (permissions, labels) => {
    expect(menuFor(permissions).map((e) => e.label)).toEqual(labels);
  });

  it('names the permission of each page', () => {
    expect(permissionFor('/audit')).toBe('audit.read');
    expect(permissionFor('/operators')).toBe('operator.manage');
    expect(permissionFor('/refunds')).toBe('refund.review');
    expect(permissionFor('/reports')).toBe('report.read');
    expect(permissionFor('/coupons')).toBe('coupon.manage');
    expect(permissionFor('/collections')).toBe('collection.view');
    expect(permissionFor('/system')).toBe('system.view');
    expect(permissionFor('/inbox')).toBeNull();
    expect(permissionFor('/')).toBeNull();
    expect(permissionFor('/nowhere')).toBeNull();
  });
});
