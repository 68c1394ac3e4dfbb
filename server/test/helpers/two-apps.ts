import { BANK_CODES } from '@loan/domain';
import type { BankAdapter, BankAdapters } from '../../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from '../../src/adapters/banks/sandbox.ts';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { App } from '../../src/http.ts';
import { createTestApp, TEST_SESSION_CACHE_LEASE_MS, type TestApp } from './app.ts';
import { workerDatabaseUrl } from './database-url.ts';

export interface BankCall {
  bank: string;
  operation: 'submit' | 'cancel' | 'contractSigned' | 'settle';
  key: string;
}

/**
 * The sandbox banks behind a wrapper that counts every call that changes something (with its idempotency key),
 * shared by every app instance of a test; `before` may make one call fail or hang (it runs before the sandbox).
 */
export interface CountingBanks {
  banks: BankAdapters;
  calls: BankCall[];
  /** runs before the sandbox answers; throw to make the call fail, never resolve to make it hang */
  before: ((call: BankCall) => Promise<void>) | null;
  /** runs after the sandbox answered (its effect is made); throw to lose the answer on the way back */
  after: ((call: BankCall) => Promise<void>) | null;
  setInner(inner: BankAdapters): void;
}

export function countingBanks(): CountingBanks {
  let inner: BankAdapters | null = null;
  const get = () => {
    if (!inner) throw new Error('banks not ready');
    return inner;
  };
  const state: CountingBanks = {
    banks: {} as BankAdapters,
    calls: [],
    before: null,
    after: null,
    setInner: (banks) => {
      inner = banks;
    },
  };
  async function counted<T>(call: BankCall, run: () => Promise<T>): Promise<T> {
    state.calls.push(call);
    await state.before?.(call);
    const answer = await run();
    await state.after?.(call);
    return answer;
  }
  const one = (bank: (typeof BANK_CODES)[number]): BankAdapter => ({
    code: bank,
    sandbox: true,
    submit: (s, now, key) =>
      counted({ bank, operation: 'submit', key }, () => get()[bank].submit(s, now, key)),
    query: (ref, now) => get()[bank].query(ref, now),
    cancel: (ref, reason, now, key) =>
      counted({ bank, operation: 'cancel', key }, () => get()[bank].cancel(ref, reason, now, key)),
    contractSigned: (ref, now, key) =>
      counted({ bank, operation: 'contractSigned', key }, () => get()[bank].contractSigned(ref, now, key)),
    settle: (ref, total, now, key) =>
      counted({ bank, operation: 'settle', key }, () => get()[bank].settle(ref, total, now, key)),
    openSubAccount: (r, now, key) => get()[bank].openSubAccount(r, now, key),
    sendSmallDeposit: (d, now, key) => get()[bank].sendSmallDeposit(d, now, key),
  });
  state.banks = Object.fromEntries(BANK_CODES.map((c) => [c, one(c)])) as unknown as BankAdapters;
  return state;
}

export interface SecondApp {
  app: App;
  db: Database;
  close(): Promise<void>;
}

/**
 * A second app instance on the first one's database, as a second server process would be: on PostgreSQL
 * (DATABASE_URL) it opens its own pool on the same database; on PGlite it shares the handle. Same config and
 * clock as the first.
 */
export async function createSecondApp(first: TestApp, banks: BankAdapters): Promise<SecondApp> {
  const databaseUrl = workerDatabaseUrl();
  const handle = databaseUrl ? await openDatabase({ databaseUrl, dataDir: null }) : null;
  const db = handle?.db ?? first.db;
  const app = await buildApp({
    config: first.config,
    db,
    now: first.clock.now,
    logger: false,
    banks,
    sessionCacheLeaseMs: TEST_SESSION_CACHE_LEASE_MS,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await handle?.close();
    },
  };
}

/** Two app instances on one database sharing one set of counting sandbox banks. */
export async function createTwoApps(): Promise<{ t: TestApp; second: SecondApp; bank: CountingBanks }> {
  const bank = countingBanks();
  const t = await createTestApp({ banks: bank.banks });
  bank.setInner(createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }));
  const second = await createSecondApp(t, bank.banks);
  return { t, second, bank };
}
