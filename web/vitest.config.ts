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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
