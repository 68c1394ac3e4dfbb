import { collectionAuditSummary } from './collections.ts';
import { isReportName, REPORT_NAMES } from './reports.ts';
import { isOpsRequestKind, OPS_REQUEST_KINDS } from './request-state.ts';

/** The audit log's actions in Chinese, by prefix: an action not listed shows as recorded. */
const LABELS: Record<string, string> = {
  'login.success': '借款人登录',
  'login.failure': '借款人密码错误',
  'login.locked': '借款人账号锁定',
  logout: '借款人退出',
  'password.change': '借款人修改密码',
  'ops.login.password_ok': '运营人员密码验证通过',
  'ops.login.failure': '运营人员密码错误',
  'ops.login.locked': '运营人员登录锁定',
  'ops.login.success': '运营人员登录',
  'ops.login.second_factor_failure': '运营人员动态验证码错误',
  'ops.login.recovery_code_used': '运营人员使用恢复码',
  'ops.totp.enrolled': '运营人员绑定验证器',
  'ops.password.changed': '运营人员设置登录密码',
  'ops.operator.invitation_sent': '发送运营人员邀请',
  'ops.logout': '运营人员退出',
  'ops.operator.created': '创建运营人员',
  'ops.operator.roles_changed': '变更运营人员角色',
  'ops.role.scope_changed': '变更角色数据范围',
  'ops.operator.disabled': '停用运营人员',
  'ops.operator.enabled': '启用运营人员',
  'ops.operator.totp_reset': '重置运营人员验证器',
  'ops.session.ended': '结束运营人员会话',
  'ops.request.made': '提交待复核的申请',
  'ops.request.confirmed': '复核通过',
  'ops.request.declined': '驳回申请',
  'ops.request.withdrawn': '撤回申请',
  'ops.audit.exported': '导出审计日志',
  'ops.report.exported': '导出报表',
  'ops.borrower.pii_revealed': '查看借款人完整信息',
  'ops.borrower.disabled': '停用借款人',
  'ops.borrower.enabled': '启用借款人',
  'ops.partner_call.retried': '重试合作方调用',
  'ops.command.run': '执行运维命令',
  'ops.waiver.applied': '减免服务费或罚息',
  'ops.coupon.issued': '发放优惠券',
  'ops.coupon.revoked': '作废优惠券',
  'ops.coupon_template.created': '新建优惠券模板',
  'ops.coupon_template.updated': '修改优惠券模板',
  'ops.coupon_template.activated': '启用优惠券模板',
  'ops.coupon_template.deactivated': '停用优惠券模板',
  'coupon.issued_by_rule': '按规则发放优惠券',
  'login.unlock_by_operator': '解除借款人登录锁定',
  'ops.collection.note': '催收：添加备注',
  'ops.collection.contact': '催收：记录联系',
  'ops.collection.promise': '催收：记录承诺还款',
  'ops.collection.hardship': '催收：登记困难申请',
  'ops.collection.hardship_decided': '催收：处理困难申请',
  'ops.collection.assigned': '催收：分派案件',
  'ops.collection.next_action': '催收：设定下一步行动',
  'collection.promise_kept': '承诺还款已兑现',
  'collection.promise_broken': '承诺还款未兑现',
};

/** What an entry's detail says in one line: the request's kind and subject, a reason. */
export function auditSummary(detail: Record<string, unknown> | null): string {
  if (!detail) return '—';
  const parts: string[] = [];
  const kind = detail.kind;
  if (typeof kind === 'string' && isOpsRequestKind(kind)) parts.push(OPS_REQUEST_KINDS[kind].label);
  if (typeof detail.subject === 'string') {
    parts.push(
      detail.subject
        .replace(/^refund:/, '退款 ')
        .replace(/^operator:/, '运营人员 ')
        .replace(/^borrower:/, '借款人 ')
        .replace(/^fee:/, '服务费项目 ')
        .replace(/^penalty:(\d+):(\d+)$/, '贷款 $1 第 $2 期罚息'),
    );
  }
  if (Array.isArray(detail.roles)) parts.push(`角色：${detail.roles.join('、')}`);
  if (typeof detail.report === 'string' && isReportName(detail.report))
    parts.push(REPORT_NAMES[detail.report]);
  if (typeof detail.templateName === 'string') parts.push(`模板「${detail.templateName}」`);
  if (typeof detail.couponId === 'number') parts.push(`优惠券 ${detail.couponId}`);
  if (Array.isArray(detail.loginIds)) parts.push(`借款人 ${detail.loginIds.length} 位`);
  parts.push(...collectionAuditSummary(detail));
  if (typeof detail.reason === 'string' && detail.reason) parts.push(`原因：${detail.reason}`);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

export function auditLabel(action: string): string {
  return LABELS[action] ?? action;
}

export const AUDIT_ACTOR_LABELS = { borrower: '借款人', operator: '运营人员', system: '系统' } as const;
