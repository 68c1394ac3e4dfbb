import { describe, expect, it } from 'vitest';
import { formatAccountNo } from './account-number.ts';
import { maskBankCard } from './mask.ts';

describe('account numbers on screen', () => {
  it('groups the digits by four from the left', () => {
    expect(formatAccountNo('6214830012345678901')).toBe('6214 8300 1234 5678 901');
    expect(formatAccountNo('6214830012345678')).toBe('6214 8300 1234 5678');
    expect(formatAccountNo('75591234')).toBe('7559 1234');
    expect(formatAccountNo('123')).toBe('123');
  });

  it('regroups a number typed or stored with other spacing', () => {
    expect(formatAccountNo(' 621483 0012345678 901 ')).toBe('6214 8300 1234 5678 901');
  });

  it('groups masked numbers the same way', () => {
    expect(formatAccountNo('6214********5678')).toBe('6214 **** **** 5678');
    expect(formatAccountNo(maskBankCard('6214830012345678901'))).toBe('6214 **** **** 8901');
    expect(formatAccountNo('7559 **** 0012')).toBe('7559 **** 0012');
  });

  it('shows a dash for none', () => {
    expect(formatAccountNo(null)).toBe('—');
    expect(formatAccountNo('')).toBe('—');
  });
});
