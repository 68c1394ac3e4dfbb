import { Writable } from 'node:stream';
import type { MwsTokenCheckResult } from '@loan/domain';
import type { MarketplaceAdapter } from '../../src/adapters/marketplace/marketplace.ts';
import { createSandboxMarketplace } from '../../src/adapters/marketplace/sandbox.ts';
import { call, createTestApp, login, type TestApp } from './app.ts';

export const CHECK = '/seller/mwsTokenCheck';
export const AGAIN = '/seller/againMwsToken';
export const DAY = 24 * 60 * 60 * 1000;

export const DEMO_SELLER = 'A1DEMOSTORE001';
export const GOOD_TOKEN = 'amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const BAD_CREDENTIALS_TOKEN = 'amzn.mws.00000000-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const REVOKED_TOKEN = 'amzn.mws.ffffffff-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const CHECK_OUTAGE_TOKEN = 'amzn.mws.eeeeeeee-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** Counts the marketplace calls while behaving like the sandbox. */
export function countingMarketplace(): MarketplaceAdapter & { calls: { authorise: number; check: number } } {
  const inner = createSandboxMarketplace();
  const calls = { authorise: 0, check: 0 };
  return {
    sandbox: true,
    calls,
    authorise: (...args) => {
      calls.authorise += 1;
      return inner.authorise(...args);
    },
    check: (...args) => {
      calls.check += 1;
      return inner.check(...args);
    },
    payoutDestination: (...args) => inner.payoutDestination(...args),
  };
}

/** A log stream that keeps every line written to it. */
function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

export interface StoresSetup {
  t: TestApp;
  /** the app's marketplace, counting its calls */
  marketplace: ReturnType<typeof countingMarketplace>;
  /** the demo user's session */
  demoToken: string;
  /** every line the app logged (level trace) */
  logLines: string[];
}

/** An app with the counting sandbox marketplace, logging everything to `logLines`, and the demo user logged in. */
export async function storesSetup(): Promise<StoresSetup> {
  const marketplace = countingMarketplace();
  const log = capturedLog();
  const t = await createTestApp({ marketplace, logger: { level: 'trace', stream: log.stream } });
  return { t, marketplace, demoToken: await login(t.app, 'demo', 'Demo1234'), logLines: log.lines };
}

/** The store authorisation calls: the check of the current store, and authorising a store again. */
export function storeCalls(app: () => TestApp) {
  return {
    check: (token: string) => call<MwsTokenCheckResult>(app().app, 'GET', CHECK, undefined, { token }),
    authorise: (token: string, sellerId: unknown, mwsAuthToken: unknown) =>
      call<MwsTokenCheckResult>(app().app, 'POST', AGAIN, { sellerId, mwsAuthToken }, { token }),
  };
}
