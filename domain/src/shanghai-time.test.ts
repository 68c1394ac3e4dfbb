import { describe, expect, it } from 'vitest';
import {
  shanghaiDate,
  shanghaiDateTime,
  shanghaiInstant,
  shanghaiMinute,
  shanghaiStamp,
} from './shanghai-time.ts';

describe('Shanghai dates', () => {
  it('is the date at UTC+8: 16:00 UTC is already the next day', () => {
    expect(shanghaiDate(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(shanghaiDate(new Date('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
  });
});

describe('Shanghai wall-clock text', () => {
  const at = new Date('2026-11-23T02:15:00.123Z');

  it('writes the time at UTC+8 to the second, the minute and as a stamp', () => {
    expect(shanghaiDateTime(at)).toBe('2026-11-23 10:15:00');
    expect(shanghaiMinute(at)).toBe('2026-11-23 10:15');
    expect(shanghaiStamp(at)).toBe('20261123101500');
  });

  it('reads a Shanghai date and time back as the instant', () => {
    expect(shanghaiInstant('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiInstant('2026-03-02', '10:00:00').toISOString()).toBe('2026-03-02T02:00:00.000Z');
    expect(shanghaiInstant('2026-12-31', '23:59:59.999').toISOString()).toBe('2026-12-31T15:59:59.999Z');
    expect(Number.isNaN(shanghaiInstant('2026-02-30x').getTime())).toBe(true);
  });
});
