import { formatYuan } from '../money.ts';
import { isOpsRequestKind, type OpsRequestKindCode } from './request-state.ts';

/**
 * What an operator request asks, in one Chinese line, from its kind and payload: the console's 待我审批 and the
 * shell's `request list` read the same sentence (amounts in 元 with thousands separators).
 */

/** The subject of a waiver of a fee item's service fee. */
export const feeWaiverSubject = (feeItemId: number) => `fee:${feeItemId}`;
/** The subject of a waiver of an instalment's penalty interest. */
export const penaltyWaiverSubject = (loanId: number, seq: number) => `penalty:${loanId}:${seq}`;

/** A request's subject as the console shows it: 退款 RF…, 服务费项目 12, 贷款 3 第 2 期罚息. */
export function opsSubjectText(subject: string): string {
  const penalty = /^penalty:(\d+):(\d+)$/.exec(subject);
  if (penalty) return `贷款 ${penalty[1]} 第 ${penalty[2]} 期罚息`;
  return subject
    .replace(/^refund:/, '退款 ')
    .replace(/^operator:/, '运营人员 ')
    .replace(/^borrower:/, '借款人 ')
    .replace(/^fee:/, '服务费项目 ')
    .replace(/^coupon-template:(\d+):\w+$/, '优惠券模板 $1');
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const fen = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const yuan = (value: unknown) => {
  const f = fen(value);
  return f === null ? null : `${formatYuan(f)} 元`;
};

/** "第 3 期服务费" / "一次性服务费" / "第 3 期罚息". */
function itemName(kind: 'fee.waive' | 'penalty.waive', payload: Record<string, unknown>): string {
  const seq = fen(payload.seq);
  if (kind === 'penalty.waive') return `第 ${seq ?? '?'} 期罚息`;
  return seq === 0 ? '一次性服务费' : `第 ${seq ?? '?'} 期服务费`;
}

function waiverLine(kind: 'fee.waive' | 'penalty.waive', payload: Record<string, unknown>): string {
  const parts = [
    [text(payload.loginId) ? `借款人 ${text(payload.loginId)}` : null, itemName(kind, payload)]
      .filter(Boolean)
      .join(' '),
    `减免 ${yuan(payload.amountFen) ?? '—'}`,
  ];
  const owed = yuan(payload.owedFen);
  if (owed) parts.push(`提交时尚欠 ${owed}`);
  const reason = text(payload.reason);
  if (reason) parts.push(`原因：${reason}`);
  return parts.join(' · ');
}

function refundLine(kind: 'refund.resend' | 'refund.close', payload: Record<string, unknown>): string {
  const parts = [`退款金额 ${yuan(payload.amountFen) ?? '—'}`];
  const failure = text(payload.failureReason);
  if (failure) parts.push(`失败原因：${failure}`);
  const reason = text(payload.reason);
  if (reason) parts.push(`${kind === 'refund.close' ? '关闭原因' : '说明'}：${reason}`);
  return parts.join(' · ');
}

export function opsRequestSummary(
  kind: OpsRequestKindCode | string,
  payload: Record<string, unknown>,
): string {
  if (isOpsRequestKind(kind)) {
    if (kind === 'fee.waive' || kind === 'penalty.waive') return waiverLine(kind, payload);
    if (kind === 'refund.resend' || kind === 'refund.close') return refundLine(kind, payload);
  }
  if (kind === 'coupon.issue-many' && Array.isArray(payload.loginIds)) {
    const name = text(payload.templateName) ?? text(payload.title);
    return `${name ? `「${name}」` : '优惠券'}发给 ${payload.loginIds.length} 位借款人`;
  }
  if (Array.isArray(payload.roles)) {
    const before = Array.isArray(payload.before) ? (payload.before as string[]).join('、') || '无' : '—';
    return `角色：${before} → ${(payload.roles as string[]).join('、') || '无'}`;
  }
  return text(payload.reason) ?? '—';
}
