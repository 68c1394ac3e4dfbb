import { describe, expect, it } from 'vitest';
import { exportFileName } from './trading';

describe('exportFileName', () => {
  it('takes the UTF-8 name of Content-Disposition first', () => {
    expect(
      exportFileName(
        `attachment; filename="trading-2026-11-21.csv"; filename*=UTF-8''${encodeURIComponent('交易记录-2026-11-21.csv')}`,
        'csv',
      ),
    ).toBe('交易记录-2026-11-21.csv');
  });

  it('falls back to the plain name, then to 交易记录.<format>', () => {
    expect(exportFileName('attachment; filename="trading.xlsx"', 'xlsx')).toBe('trading.xlsx');
    expect(exportFileName(undefined, 'xlsx')).toBe('交易记录.xlsx');
    expect(exportFileName("attachment; filename*=UTF-8''%E4%ZZ", 'csv')).toBe('交易记录.csv');
  });
});
