import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fixes the date the page and the test both read (`Date` only: timers stay real), so that "today" cannot change
 * between the page's render and the test's own schedule — at midnight in Shanghai it would. The default is a
 * plain mid-month working day.
 */
export function fixToday(at = '2026-03-10T02:00:00.000Z'): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(at) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
