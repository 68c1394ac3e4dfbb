import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsPhone } from './useIsPhone';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A screen `width` px wide whose width can change; the media query's listeners are told. */
function screenOf(width: number) {
  const listeners = new Set<() => void>();
  const screen = { width };
  window.matchMedia = vi.fn((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return {
      matches: screen.width >= min,
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(to: number) {
      screen.width = to;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useIsPhone', () => {
  it.each([
    [375, true],
    [767, true],
    [768, false],
    [1366, false],
  ])('at %i px: %s, from the first render on', (width, phone) => {
    screenOf(width);
    const renders: boolean[] = [];
    renderHook(() => renders.push(useIsPhone()));
    // one render, already right (antd's Grid.useBreakpoint drew twice, the first time without the width)
    expect(renders).toEqual([phone]);
  });

  it('follows the width as it changes, and stops listening when unmounted', () => {
    const screen = screenOf(1366);
    const { result, unmount } = renderHook(() => useIsPhone());
    expect(result.current).toBe(false);
    act(() => screen.resize(375));
    expect(result.current).toBe(true);
    unmount();
    expect(screen.listeners.size).toBe(0);
  });
});
