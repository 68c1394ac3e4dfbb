import { configDefaults, defineConfig } from 'vitest/config';
import { slowFirst } from '../tooling/vitest-slow-first.ts';
import { PG_TEST_WORKERS } from './test/helpers/database-url.ts';

// API suite: fastify.inject against an in-memory PGlite per worker (opened once from a migrated template); with
// DATABASE_URL set, against PostgreSQL instead: PG_TEST_WORKERS files at a time, each worker on a database of its
// own made by global setup beside DATABASE_URL's (the role needs CREATE DATABASE). On both, each file truncates
// and reseeds the tables (test/helpers/app.ts).
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Files about the embedded database itself (its data directory's lock, its durable file system, its prepared
 * reads): they open PGlite whatever DATABASE_URL says, so the PostgreSQL run would only repeat them. They run in the
 * PGlite run of the same `npm test` / `.ci/run`.
 */
const EMBEDDED_ONLY = [
  'test/lock.test.ts',
  'test/embedded-durability.test.ts',
  'test/pglite-prepared.test.ts',
];

export default defineConfig({
  test: {
    name: onPostgres ? 'server (PostgreSQL)' : 'server (PGlite)',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? EMBEDDED_ONLY : [])],
    globalSetup: ['test/helpers/global-setup.ts'],
    // the files that take longest (measured in CI, 12–38 s each, most waiting on a child process or a fault) start
    // first, so none of them is the run's tail
    sequence: {
      sequencer: slowFirst([
        'test/cluster-queue-crash.test.ts',
        'test/ops-garbage.test.ts',
        'test/server-shutdown.test.ts',
        'test/refunds-race.test.ts',
        'test/server-production.test.ts',
        'test/npm-start.test.ts',
        'test/ops-access.test.ts',
        'test/cluster-refund-race.test.ts',
        'test/lock.test.ts',
        'test/cluster-notices.test.ts',
        'test/documents-moved-at-start.test.ts',
        'test/backup-restore.test.ts',
        'test/every-route-garbage.test.ts',
      ]),
    },
    // PGlite: three workers on two cores (each holds its own in-memory databases). The server-process files
    // (server-shutdown, npm-start, server-production) mostly wait on a child process; a third worker keeps the
    // cores busy meanwhile: 203 s with two, 184 s with three here. PostgreSQL gained nothing from a third.
    maxWorkers: onPostgres ? PG_TEST_WORKERS : 3,
    // files share a worker's modules (Fastify, Drizzle, PGlite, the app) instead of importing them again for each
    // file: the suite in about 60 % of the time. Each file still builds its own app and clock on emptied tables
    // (createTestApp); no file mocks a module or changes the environment in place. Checked with the files in
    // shuffled orders (vitest --sequence.shuffle.files), on PGlite and on PostgreSQL.
    isolate: false,
    // a hang catcher, never a speed bound: a test that builds a loan or migrates a fresh PGlite takes most of a
    // minute on a busy 2-core host
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
