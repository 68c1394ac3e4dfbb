import { describe, expect, it } from 'vitest';
import { auditChanges, auditChangesText, changesOf } from './audit-changes.ts';

describe('the before and after of an audited act', () => {
  it('keeps only the fields whose value moved', () => {
    expect(
      changesOf(
        { roles: ['reviewer'], disabled: false },
        { roles: ['finance', 'reviewer'], disabled: false },
      ),
    ).toEqual({
      roles: { before: ['reviewer'], after: ['finance', 'reviewer'] },
    });
    expect(changesOf({ locked: true }, { locked: true })).toEqual({});
  });

  it.each([
    [{ roles: { before: [], after: ['admin', 'custom'] } }, '角色', '（无）', '管理员、custom'],
    [{ disabled: { before: false, after: true } }, '账号状态', '正常', '已停用'],
    [{ locked: { before: true, after: false } }, '登录锁定', '已锁定', '未锁定'],
    [{ totp: { before: true, after: false } }, '验证器', '已绑定', '待重新绑定'],
    [{ status: { before: 'SUBMITTED', after: 'APPROVED' } }, '状态', 'SUBMITTED', 'APPROVED'],
    [{ custom: { before: null, after: 5 } }, 'custom', '—', '5'],
    [{ refundStatus: { before: 'SUBMITTED', after: 'APPROVED' } }, '退款状态', '已提交', '已同意'],
    [{ couponStatus: { before: 'AVAILABLE', after: 'REVOKED' } }, '优惠券状态', '可用', '已作废'],
    [{ owedFen: { before: 24000, after: 0 } }, '尚欠（元）', '240.00', '0.00'],
  ])('reads %j as %s: %s → %s', (changes, label, before, after) => {
    expect(auditChanges({ changes })).toEqual([expect.objectContaining({ label, before, after })]);
  });

  it('reads nothing from an entry without changes or with a malformed one', () => {
    expect(auditChanges(null)).toEqual([]);
    expect(auditChanges({ reason: 'x' })).toEqual([]);
    expect(auditChanges({ changes: [1, 2] })).toEqual([]);
    expect(auditChanges({ changes: { roles: 'x' } })).toEqual([]);
  });

  it('writes the export’s one line', () => {
    expect(
      auditChangesText({
        changes: {
          roles: { before: ['reviewer'], after: ['finance', 'reviewer'] },
          disabled: { before: true, after: false },
        },
      }),
    ).toBe('角色：审核 → 财务、审核；账号状态：已停用 → 正常');
  });
});
