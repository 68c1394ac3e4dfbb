import { act, renderHook } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_DEFAULTS } from '../app/ui-defaults';
import { usePageCallsSettled } from './PagePlaceholder';

const calls = (...pending: boolean[]) => pending.map((isPending) => ({ isPending }));

describe('usePageCallsSettled: when a page replaces its placeholder with its cards', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for every call, then for the loading mask to close', () => {
    const { result, rerender } = renderHook(({ pending }) => usePageCallsSettled(calls(...pending)), {
      initialProps: { pending: [true, true, true] },
    });
    expect(result.current).toBe(false);
    rerender({ pending: [false, true, false] });
    act(() => vi.advanceTimersByTime(UI_DEFAULTS.loadingMaskCloseDelayMs * 3));
    expect(result.current).toBe(false);
    rerender({ pending: [false, false, false] });
    act(() => vi.advanceTimersByTime(UI_DEFAULTS.loadingMaskCloseDelayMs - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('answers in before the page drew (asked by the route): the cards in the first commit, no placeholder flash', () => {
    // what each commit drew (a render React throws away does not count)
    const committed: boolean[] = [];
    renderHook(() => {
      const settled = usePageCallsSettled(calls(false, false));
      useLayoutEffect(() => {
        committed.push(settled);
      });
      return settled;
    });
    expect(committed).toEqual([true]);
  });

  it('keeps the cards once drawn, while a call is asked again', () => {
    const { result, rerender } = renderHook(({ pending }) => usePageCallsSettled(calls(...pending)), {
      initialProps: { pending: [false, false] },
    });
    rerender({ pending: [true, false] });
    act(() => vi.advanceTimersByTime(UI_DEFAULTS.loadingMaskCloseDelayMs * 3));
    expect(result.current).toBe(true);
  });
});
