import { describe, expect, it } from 'vitest';
import { ALL_BANKS_TEXT, bankScopeOf, bankScopeOfRole, bankScopeText, parseBankScope } from './bank-scope.ts';

describe('数据范围 (bank scope)', () => {
  it('is all when any role is unscoped, else the union of the roles’ banks in catalogue order', () => {
    expect(bankScopeOf([{ bankScope: ['CGB'] }, { bankScope: null }])).toBeNull();
    expect(bankScopeOf([{ bankScope: ['SHRB', 'CGB'] }, { bankScope: ['YNIT', 'CGB'] }])).toEqual([
      'YNIT',
      'CGB',
      'SHRB',
    ]);
    expect(bankScopeOf([])).toEqual([]);
  });

  it('reads a stored scope strictly: unknown codes and odd values count for nothing', () => {
    expect(bankScopeOfRole(undefined)).toBeNull();
    expect(bankScopeOfRole(['CGB', 'NOPE', 3])).toEqual(['CGB']);
    expect(bankScopeOfRole('CGB')).toEqual([]);
  });

  it('shows all banks or the banks’ Chinese names', () => {
    expect(bankScopeText(null)).toBe(ALL_BANKS_TEXT);
    expect(bankScopeText(['YNIT', 'CGB'])).toMatch(/^云南国际信托、.+/);
  });

  it('parses what an administrator types', () => {
    expect(parseBankScope(' ALL ')).toEqual({ ok: true, scope: null });
    expect(parseBankScope('cgb, ynit')).toEqual({ ok: true, scope: ['YNIT', 'CGB'] });
    expect(parseBankScope('')).toMatchObject({ ok: false });
    expect(parseBankScope('CGB,XYZ')).toMatchObject({ ok: false, reason: expect.stringContaining('XYZ') });
  });
});
