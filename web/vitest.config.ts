import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fieldCipherDefines } from './vite.config.ts';

/**
 * Test files that replace a module with vi.mock, or watch what a module does as it loads: they need a module
 * graph of their own (with the others' modules shared, a mock could miss a module already loaded, or leak into
 * the next file). They run in the project
 * `web-isolated` (vitest.isolated.config.ts).
 */
export const MODULE_MOCKING_TESTS = [
  'src/components/store/StoreAuthModal.cipher.test.tsx',
  'src/pages/loan-calculator/LoanCalculatorPage.test.tsx',
  'src/pages/loan-calculator/LoanCalculatorPhone.test.tsx',
  'src/pages/loan-calculator/ProductPicker.test.tsx',
];

/** The unit tests of the web app: all but MODULE_MOCKING_TESTS, or (isolated) just those. */
export function webUnitConfig(isolated: boolean) {
  return defineConfig({
    root: import.meta.dirname,
    plugins: [
      react(),
      // antd's build-time stylesheets (build/antd-static-css.ts) stand empty here: tests run without CSS
      {
        name: 'antd-static-css-empty',
        resolveId: (id: string) => (/^virtual:antd[\w-]*\.css$/.test(id) ? `\0${id}` : undefined),
        load: (id: string) => (/^\0virtual:antd[\w-]*\.css$/.test(id) ? '' : undefined),
      },
    ],
    define: fieldCipherDefines('test'),
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'happy-dom',
      // worker threads start faster than forked processes: about a fifth off the suite's time here
      pool: 'threads',
      // files share a worker's modules (antd, the app) instead of loading them again for each file: half the
      // suite's time. Each file still gets setup.ts (cleanup, sessionStorage cleared, real timers restored by the
      // files that fake them); checked with the files in shuffled orders (vitest --sequence.shuffle.files).
      isolate: isolated,
      include: isolated ? MODULE_MOCKING_TESTS : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : MODULE_MOCKING_TESTS,
      setupFiles: ['src/test/setup.ts'],
      css: false,
      // ceilings, not paces: a page test renders lazy routes and antd forms, seconds each on a busy 2-core machine;
      // its waits (findBy*, waitFor) stop at 20 s (src/test/setup.ts), well inside these
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  });
}

// Run from the repo root as the project `web/vitest.config.ts`, or from web/.
export default webUnitConfig(false);
