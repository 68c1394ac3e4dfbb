import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// waits give up only after this ceiling; one that succeeds returns as soon as its condition holds
configure({ asyncUtilTimeout: 20_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
// rc-motion skips motions without the CSS animation events (happy-dom never fires transitionend)
for (const name of ['AnimationEvent', 'TransitionEvent'] as const) Reflect.deleteProperty(window, name);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
