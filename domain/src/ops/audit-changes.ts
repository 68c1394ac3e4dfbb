/**
 * What an act changed, as the audit log keeps it: `detail.changes` maps a field to its value before and after.
 * The console shows it as a table (字段 / 变更前 / 变更后) and the export as one line per field; each field's
 * Chinese name and how its values read are written here once.
 */
import { COUPON_STATUS_LABELS } from '../fees/coupons.ts';
import { fenToYuan } from '../money.ts';
import { REFUND_STATE_DISPLAY } from '../refunds/refund-labels.ts';
import { HARDSHIP_STATE_DISPLAY } from './collections.ts';
import { DEFAULT_ROLES } from './permissions.ts';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

const FIELDS: Record<string, { label: string; value?: (v: unknown) => string }> = {
  roles: { label: '角色', value: (v) => plain(Array.isArray(v) ? v.map(roleName) : v) },
  disabled: { label: '账号状态', value: (v) => (v ? '已停用' : '正常') },
  locked: { label: '登录锁定', value: (v) => (v ? '已锁定' : '未锁定') },
  totp: { label: '验证器', value: (v) => (v ? '已绑定' : '待重新绑定') },
  password: { label: '登录密码', value: (v) => (v === 'own' ? '本人设置' : '初始密码') },
  status: { label: '状态' },
  refundStatus: { label: '退款状态', value: (v) => label(REFUND_STATE_DISPLAY, v) },
  couponStatus: { label: '优惠券状态', value: (v) => label(COUPON_STATUS_LABELS, v) },
  owedFen: { label: '尚欠（元）', value: (v) => (typeof v === 'number' ? fenToYuan(v) : plain(v)) },
  assignee: { label: '催收负责人' },
  nextAction: { label: '下一步行动' },
  nextActionDate: { label: '下一步行动日期' },
  hardshipState: { label: '困难申请状态', value: (v) => label(HARDSHIP_STATE_DISPLAY, v) },
};

/** The Chinese name of a state code (a display's label, or the label itself), else the code. */
function label(table: Readonly<Record<string, string | { label: string }>>, code: unknown): string {
  if (typeof code !== 'string') return plain(code);
  const shown = table[code];
  return shown === undefined ? code : typeof shown === 'string' ? shown : shown.label;
}

/** A role's name where it is one the portal starts with; a role added later reads by its code. */
const roleName = (code: unknown) => DEFAULT_ROLES.find((role) => role.code === code)?.name ?? code;

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '（无）' : value.map(plain).join('、');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A change record for the audit detail (only the fields whose value moved). */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of Object.keys(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { before: before[field] ?? null, after: after[field] ?? null };
    }
  }
  return changes;
}

/** The before and after of an audit entry, one line per field, in Chinese; [] when it records none. */
export function auditChanges(detail: Record<string, unknown> | null): AuditChangeLine[] {
  const changes = detail?.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, change]) => {
    if (!change || typeof change !== 'object' || !('before' in change) || !('after' in change)) return [];
    const known = FIELDS[field];
    const show = known?.value ?? plain;
    const { before, after } = change as { before: unknown; after: unknown };
    return [{ field, label: known?.label ?? field, before: show(before), after: show(after) }];
  });
}

/** The changes as one line of text (the export's column): 角色：审核 → 审核、财务；… */
export function auditChangesText(detail: Record<string, unknown> | null): string {
  return auditChanges(detail)
    .map((line) => `${line.label}：${line.before} → ${line.after}`)
    .join('；');
}
