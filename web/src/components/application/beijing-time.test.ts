import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('Beijing time on screen', () => {
  it('makes no formatter while a page loads its code, one per format when first shown, and shows Beijing time', async () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    const parts = await import('./ApplicationParts');
    const store = await import('../store/StoreAuthCard');
    expect(made).not.toHaveBeenCalled();

    // 12:17:33 UTC is 20:17:33 in Beijing; 16:30 UTC on 1 March is already 2 March there
    expect(parts.formatShanghaiTime('2026-11-21T12:17:33Z')).toBe('2026/11/21 20:17:33');
    expect(parts.formatShanghaiTime('2026-11-21T12:18:00Z')).toBe('2026/11/21 20:18:00');
    expect(parts.formatShanghaiMinute('2026-11-21T12:17:33Z')).toBe('2026/11/21 20:17');
    expect(store.shanghaiDate('2027-03-01T16:30:00Z')).toBe('2027/03/02');
    expect(parts.formatShanghaiTime('not a time')).toBe('—');
    expect(made).toHaveBeenCalledTimes(3);
  });
});
