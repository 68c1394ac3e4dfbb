import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { settleRouters } from './settle';

// Pages are lazy routes: the first render of one imports (and transforms) its module, which takes seconds when
// the machine is busy running the other suites. findBy*/waitFor give up only after this ceiling: a generous one,
// since a wait that succeeds returns as soon as its condition holds. Tests need no ceilings of their own.
configure({ asyncUtilTimeout: 20_000 });

// antd's Grid, Menu and others ask matchMedia (jsdom has none; happy-dom answers for its own 1024 px window).
// Every test starts at phone width: no media query matches; a test sets another width with its own matchMedia.
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

// Animations never run here: without the CSS animation events rc-motion (antd's motion) skips the motion and sets
// the end state at once, as in a browser once the animation ended. happy-dom has the events but never fires
// transitionend, so a leaving loading icon or dialog would wait for it for ever. Runs before antd is imported.
for (const name of ['AnimationEvent', 'TransitionEvent'] as const) {
  Reflect.deleteProperty(window, name);
  Reflect.deleteProperty(globalThis, name);
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// getComputedStyle of a pseudo-element is not implemented by DOM emulations; antd asks for it (scrollbar size).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  // before the page goes: what its routers and intents were loading has arrived (test/settle.ts)
  await settleRouters();
  cleanup();
  window.sessionStorage.clear();
  document.title = '';
});
