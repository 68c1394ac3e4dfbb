import { defineConfig } from 'vitest/config';

// Browser tests: playwright-core drives the system Chromium against the built app served by the real server.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    // a ceiling, not a pace: each step waits on its condition (support.ts WAIT) and returns when it holds
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
