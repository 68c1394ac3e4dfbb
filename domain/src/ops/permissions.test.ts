import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLES,
  isPermission,
  missingPermissionText,
  PERMISSIONS,
  permissionsOf,
} from './permissions.ts';

const role = (code: string) => DEFAULT_ROLES.find((r) => r.code === code);

describe('the permission catalogue and the starting roles', () => {
  it('names every permission in Chinese, each once', () => {
    for (const permission of ALL_PERMISSIONS) expect(PERMISSIONS[permission]).toMatch(/[\u4e00-\u9fff]/);
    expect(new Set(Object.values(PERMISSIONS)).size).toBe(ALL_PERMISSIONS.length);
  });

  it('gives each role only permissions of the catalogue, and the five roles of the console', () => {
    expect(DEFAULT_ROLES.map((r) => r.name)).toEqual(['客服', '审核', '财务', '风控', '管理员']);
    for (const r of DEFAULT_ROLES) for (const p of r.permissions) expect(isPermission(p)).toBe(true);
  });

  it.each([
    ['support', 'refund.review', false],
    ['support', 'borrower.unlock', true],
    ['reviewer', 'refund.review', true],
    ['reviewer', 'refund.confirm', false],
    ['finance', 'refund.confirm', true],
    ['finance', 'refund.review', false],
    ['collections', 'borrower.reveal-pii', true],
    ['collections', 'operator.manage', false],
    ['collections', 'collection.view', true],
    ['collections', 'collection.assign', true],
    ['support', 'collection.view', false],
    ['admin', 'operator.manage', true],
    ['admin', 'audit.read', true],
  ] as const)('%s holds %s: %s', (code, permission, held) => {
    expect(role(code)?.permissions.includes(permission)).toBe(held);
  });

  it('keeps the maker and the checker of a refund in different roles', () => {
    const makers = DEFAULT_ROLES.filter((r) => r.permissions.includes('refund.review') && r.code !== 'admin');
    for (const maker of makers) expect(maker.permissions).not.toContain('refund.confirm');
  });

  it('joins roles in the catalogue order without repeats', () => {
    expect(
      permissionsOf([{ permissions: ['audit.read', 'borrower.read'] }, { permissions: ['borrower.read'] }]),
    ).toEqual(['borrower.read', 'audit.read']);
    expect(permissionsOf([{ permissions: ['no.such'] }])).toEqual([]);
  });

  it('says which permission is missing', () => {
    expect(missingPermissionText('refund.confirm')).toBe('您没有“复核退款决定”的权限，请联系管理员分配角色');
  });

  it('refuses what is not a permission', () => {
    expect(isPermission('toString')).toBe(false);
    expect(isPermission('refund.review')).toBe(true);
    expect(isPermission(1)).toBe(false);
  });
});
