import { describe, expect, it } from 'vitest';
import { auditLabel, auditSummary } from './audit-labels.ts';

describe('audit entries in Chinese', () => {
  it('names known actions and keeps unknown ones as recorded', () => {
    expect(auditLabel('ops.request.confirmed')).toBe('复核通过');
    expect(auditLabel('something.new')).toBe('something.new');
  });

  it.each([
    [{ kind: 'refund.approve', subject: 'refund:RF1', requestId: 3 }, '同意退款 · 退款 RF1'],
    [
      { kind: 'refund.reject', subject: 'refund:RF2', reason: '凭证不足' },
      '拒绝退款 · 退款 RF2 · 原因：凭证不足',
    ],
    [{ report: 'fee-income', from: '2026-03-01', to: '2026-03-31' }, '服务费收入'],
    [{ subject: 'borrower:cl1', channel: 'PHONE', outcome: 'NO_ANSWER' }, '借款人 cl1 · 电话：无人接听'],
    [
      { subject: 'borrower:cl1', promisedDate: '2026-12-01', amountFen: 123456 },
      '借款人 cl1 · 承诺 2026-12-01 前还款 1234.56 元',
    ],
    [{ userAgent: 'x' }, '—'],
    [null, '—'],
  ])('%j reads %s', (detail, text) => {
    expect(auditSummary(detail)).toBe(text);
  });
});
