import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fieldCipherDefines } from './vite.config.ts';

// Unit tests of the web app. Run from the repo root as the project `web/vitest.config.ts`, or from web/.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: fieldCipherDefines('test'),
  test: {
    name: 'web',
    environment: 'happy-dom',
    // worker threads start faster than forked processes: about a fifth off the suite's time here
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // ceilings, not paces: a page test renders lazy routes and antd forms, seconds each on a busy 2-core machine;
    // its waits (findBy*, waitFor) stop at 20 s (src/test/setup.ts), well inside these
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
