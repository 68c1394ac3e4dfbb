/**
 * How a refund the gateway refused is sent again: the refund job tries REFUND_AUTO_SENDS sends in all (the
 * first one included), each after a wait that doubles from REFUND_RETRY_FIRST_WAIT_MS; after the last it stays
 * 退款失败 for an operator, who sends it again or closes it.
 */
export const REFUND_AUTO_SENDS = 4;
export const REFUND_RETRY_FIRST_WAIT_MS = 60_000;

/** When the job sends a refund again after its `sends`-th send failed at `failedAt`; null: no more, an operator's. */
export function nextRefundAttemptAt(sends: number, failedAt: Date): Date | null {
  if (sends >= REFUND_AUTO_SENDS) return null;
  const wait = REFUND_RETRY_FIRST_WAIT_MS * 2 ** Math.max(0, sends - 1);
  return new Date(failedAt.getTime() + wait);
}

/** What happens next to a failed refund, as the borrower reads it. */
export function refundFailedNextStep(nextAttemptAt: Date | null): string {
  return nextAttemptAt
    ? '系统将自动重新发起退款，无需重新申请'
    : '自动重试未成功，工作人员将尽快处理（重新退款或联系您），无需重新申请';
}
