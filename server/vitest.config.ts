import { defineConfig } from 'vitest/config';

// API suite: fastify.inject against a fresh in-memory PGlite per file; with DATABASE_URL set, against that
// PostgreSQL database instead, one file at a time (each file truncates and reseeds the tables).
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    name: onPostgres ? 'server (PostgreSQL)' : 'server (PGlite)',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    fileParallelism: !onPostgres,
    // every core on PGlite (each worker holds its own in-memory databases); Vitest's default leaves one idle
    maxWorkers: onPostgres ? 1 : '100%',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
