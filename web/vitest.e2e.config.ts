import { defineConfig } from 'vitest/config';
import { slowFirst } from '../tooling/vitest-slow-first.ts';
import { E2E_SERVERS } from './e2e/servers.ts';

// Browser tests: playwright-core drives the system Chromium against the built app served by the real server.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // the longest journeys (measured in CI, 40–110 s each) start first, so none of them is the run's tail
    sequence: {
      sequencer: slowFirst([
        'e2e/fees.e2e.ts',
        'e2e/journey.e2e.ts',
        'e2e/phones.e2e.ts',
        'e2e/account.e2e.ts',
        'e2e/console-collections.e2e.ts',
        'e2e/console-refund.e2e.ts',
        'e2e/routes.e2e.ts',
        'e2e/loans.e2e.ts',
        'e2e/settlement.e2e.ts',
        'e2e/auth.e2e.ts',
        'e2e/live-status.e2e.ts',
        'e2e/contract.e2e.ts',
        'e2e/statements.e2e.ts',
        'e2e/messages.e2e.ts',
        'e2e/calculator.e2e.ts',
      ]),
    },
    // E2E_SERVERS files at a time, each worker on its own server (e2e/servers.ts); the tests in a file in order
    maxWorkers: E2E_SERVERS,
    // ceilings that only catch a hang, not paces: each step waits on its condition (support.ts WAIT, 45 s) and
    // returns when it holds. The longest journeys take 60–80 s with two files at a time on 2 busy cores.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
