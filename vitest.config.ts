import { defineConfig } from 'vitest/config';

// Root config: `vitest run --project domain --project web` runs the unit suites.
// The server (API) suite and the browser (e2e) suite have their own configs.
export default defineConfig({
  test: {
    projects: ['domain', 'web/vitest.config.ts', 'web/vitest.isolated.config.ts', 'console/vitest.config.ts'],
    // every core: Vitest's default leaves one idle, which on a 2-core CI machine means one worker
    maxWorkers: '100%',
  },
});
