import { defineConfig } from 'vitest/config';

// Root config: `vitest run --project domain --project web` runs the unit suites.
// The server (API) suite and the browser (e2e) suite have their own configs.
export default defineConfig({
  test: {
    projects: ['domain', 'web/vitest.config.ts'],
  },
});
