import type { RefundItem } from '@loan/domain';

/** Why a refund failed and what happens next (退款失败, and the reason kept once 已关闭), as facts of a list. */
export function failureFacts(refund: Pick<RefundItem, 'failureReason' | 'nextStep'>) {
  return [
    ...(refund.failureReason ? [{ key: 'failure', label: '失败原因', children: refund.failureReason }] : []),
    ...(refund.nextStep ? [{ key: 'next', label: '后续处理', children: refund.nextStep }] : []),
  ];
}

/** The reason column of the refund table: the rejection's or the failure's reason when there is one. */
export function reasonCell(refund: RefundItem): string {
  if (refund.status === 'REJECTED' && refund.reviewReason) return `拒绝原因：${refund.reviewReason}`;
  if (refund.failureReason && (refund.status === 'FAILED' || refund.status === 'CLOSED')) {
    return `失败原因：${refund.failureReason}${refund.nextStep ? `；${refund.nextStep}` : ''}`;
  }
  return refund.reason;
}
