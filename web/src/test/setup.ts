import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy routes: the first render of one imports (and transforms) its module, which takes seconds when
// the machine is busy running the other suites. findBy*/waitFor wait this long before they give up.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no matchMedia or ResizeObserver; antd's Grid, Menu and others use them. Phone width by default.
if (!window.matchMedia) {
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
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom does not implement getComputedStyle for pseudo-elements; antd asks for it (scrollbar size).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.title = '';
});
