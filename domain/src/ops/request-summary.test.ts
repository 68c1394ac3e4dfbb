import { describe, expect, it } from 'vitest';
import { opsRequestSummary, opsSubjectText } from './request-summary.ts';

describe('what a request asks, in one Chinese line', () => {
  it('names a waiver’s item, amount in 元 and reason', () => {
    expect(
      opsRequestSummary('fee.waive', {
        loginId: 'seller_a',
        seq: 3,
        amountFen: 123456,
        owedFen: 200000,
        reason: '系统故障致逾期',
      }),
    ).toBe(
      '借款人 seller_a 第 3 期服务费 · 减免 1,234.56 元 · 提交时尚欠 2,000.00 元 · 原因：系统故障致逾期',
    );
    expect(opsRequestSummary('fee.waive', { seq: 0, amountFen: 100, reason: 'x' })).toBe(
      '一次性服务费 · 减免 1.00 元 · 原因：x',
    );
    expect(opsRequestSummary('penalty.waive', { seq: 2, amountFen: 5 })).toBe('第 2 期罚息 · 减免 0.05 元');
  });

  it('shows a failed refund’s amount, the gateway’s reason and a closing reason', () => {
    expect(
      opsRequestSummary('refund.close', { amountFen: 10000, failureReason: '渠道维护', reason: '线下退回' }),
    ).toBe('退款金额 100.00 元 · 失败原因：渠道维护 · 关闭原因：线下退回');
    expect(opsRequestSummary('refund.resend', { amountFen: 10000 })).toBe('退款金额 100.00 元');
  });

  it('keeps the older kinds’ lines: roles, or the reason', () => {
    expect(opsRequestSummary('operator.roles', { roles: ['finance'], before: [] })).toBe(
      '角色：无 → finance',
    );
    expect(opsRequestSummary('refund.reject', { reason: '凭证不足' })).toBe('凭证不足');
    expect(opsRequestSummary('refund.approve', { reason: null })).toBe('—');
  });

  it('says what a subject is', () => {
    expect(opsSubjectText('penalty:12:3')).toBe('贷款 12 第 3 期罚息');
    expect(opsSubjectText('fee:7')).toBe('服务费项目 7');
    expect(opsSubjectText('refund:RF1')).toBe('退款 RF1');
  });
});
