import { describe, expect, it } from 'vitest';
import { REFUND_STATE_DISPLAY } from './refund-labels.ts';
import {
  nextRefundAttemptAt,
  REFUND_AUTO_SENDS,
  REFUND_RETRY_FIRST_WAIT_MS,
  refundFailedNextStep,
} from './refund-retry.ts';

const at = new Date('2026-11-23T03:00:00.000Z');
const after = (ms: number) => new Date(at.getTime() + ms);

describe('sending a failed refund again', () => {
  it('waits 1, 2, 4 … minutes after each failed send, then leaves it to an operator', () => {
    expect(REFUND_AUTO_SENDS).toBe(4);
    expect(nextRefundAttemptAt(1, at)).toEqual(after(REFUND_RETRY_FIRST_WAIT_MS));
    expect(nextRefundAttemptAt(2, at)).toEqual(after(2 * REFUND_RETRY_FIRST_WAIT_MS));
    expect(nextRefundAttemptAt(3, at)).toEqual(after(4 * REFUND_RETRY_FIRST_WAIT_MS));
    expect(nextRefundAttemptAt(4, at)).toBeNull();
    expect(nextRefundAttemptAt(9, at)).toBeNull();
  });

  it('tells the borrower what happens next, and that no new application is needed', () => {
    expect(refundFailedNextStep(after(1))).toContain('自动重新发起退款');
    expect(refundFailedNextStep(null)).toContain('工作人员');
    for (const next of [after(1), null]) expect(refundFailedNextStep(next)).toContain('无需重新申请');
    expect(REFUND_STATE_DISPLAY.FAILED.label).toBe('退款失败');
    expect(REFUND_STATE_DISPLAY.CLOSED.label).toBe('已关闭');
  });
});
