import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BANK_CODES,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
  encryptField,
  type RspHeader,
} from '@loan/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import type { FileStorage } from '../../src/adapters/files/file-storage.ts';
import type { S3Sender } from '../../src/adapters/files/s3.ts';
import { createFileStorage } from '../../src/adapters/files/sealed.ts';
import type { OutboxAdapter } from '../../src/adapters/outbox/outbox.ts';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { ALL_TABLES } from '../../src/db/schema.ts';
import { seedDemoAccounts } from '../../src/db/seed.ts';
import { seedCatalogue } from '../../src/db/seed-catalogue.ts';
import type { App } from '../../src/http.ts';
import type { RateLimitStore } from '../../src/lib/rate-limit-store.ts';
import { type Clock, createClock } from './clock.ts';
import { workerDatabaseUrl } from './database-url.ts';

export const TEST_DIRECT_LOGIN_SECRET = 'test-direct-login-secret';
/** a lease no busy machine lets lapse between two calls of a test (production's is LEASE_MS) */
export const TEST_SESSION_CACHE_LEASE_MS = 120_000;

/** A production environment the server accepts: every secret its own, the sandboxes chosen on purpose. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  SANDBOX: '1',
  DIRECT_LOGIN_SECRET: 'prod-direct-login-secret-0123456789abcdef',
  AGREEMENT_READ_SECRET: 'prod-agreement-read-secret-0123456789abcdef',
  PII_KEY: 'e0fb8bd81e358bdfbc14ffb6ab677b9212f89034ee1301a268dc31d5ca1f2f16',
  PII_KEY_ID: 'pii-2026',
  STORE_TOKEN_KEY: '1147258211bc3a934c15ede631afbb6c3817af3e70e12f5f2f2b13dde60dfda9',
  STORE_TOKEN_KEY_ID: 'store-2026',
  PII_LOOKUP_KEY: 'prod-pii-lookup-key-0123456789abcdef',
  PAYMENT_NOTIFY_SECRET: 'prod-payment-notify-secret-0123456789abcdef',
  PLATFORM_LEGAL_NAME: '某某融资服务有限公司',
  PLATFORM_ACCOUNT_NO: '110060123456789012345',
  PLATFORM_ACCOUNT_BANK: '某某银行深圳分行',
  PUBLIC_URL: 'https://loans.example.com',
  SUPPORT_PHONE: '400-100-2026',
  SUPPORT_EMAIL: 'help@loan-portal.cn',
  SUPPORT_HOURS: '每天 08:30–20:30',
  ...Object.fromEntries(
    BANK_CODES.map((bank) => [
      `BANK_CALLBACK_SECRET_${bank}`,
      `prod-${bank.toLowerCase()}-callback-secret-0123456789`,
    ]),
  ),
};
export { createClock, MINUTE, START } from './clock.ts';

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
  /** the app's document store (sealed in the database unless the test hands in its own) */
  files: FileStorage;
  clock: Clock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** extra environment for loadConfig */
  env?: Record<string, string>;
  logger?: BuildAppOptions['logger'];
  outbox?: OutboxAdapter;
  rateLimitStore?: RateLimitStore;
  marketplace?: BuildAppOptions['marketplace'];
  banks?: BuildAppOptions['banks'];
  files?: BuildAppOptions['files'];
  /** the S3 client of the app's store when FILE_STORAGE=s3 (an in-memory bucket: helpers/fake-s3.ts) */
  s3?: S3Sender;
  /** add routes etc. before the app is ready */
  setup?: (app: App) => void;
  /** the stopping flag /health/ready reads */
  lifecycle?: BuildAppOptions['lifecycle'];
  testHooks?: BuildAppOptions['testHooks'];
  /** where spans go when the env turns traces on (OTEL_EXPORTER_OTLP_ENDPOINT) */
  telemetry?: BuildAppOptions['telemetry'];
  /** the payment gateway, made on the test database (default: the sandbox gateway) */
  gateway?: (db: Database) => NonNullable<BuildAppOptions['gateway']>;
}

const NO_WEB_DIST = join(mkdtempSync(join(tmpdir(), 'loan-no-web-')), 'dist');

/** The test file whose data the worker's database holds (files share a worker's modules). */
let truncatedFor: string | undefined;
/**
 * PGlite: the worker's one in-memory database, opened from the migrated template once. Opening one costs about
 * 1.5 s of CPU (the template is tens of megabytes and PostgreSQL starts inside WebAssembly): a fresh database per
 * app was half the suite's time. Each file starts from emptied tables, as on PostgreSQL.
 */
let workerPglite: Promise<DatabaseHandle> | undefined;

async function openWorkerPglite(): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  const handle = await openDatabase({
    databaseUrl: null,
    dataDir: null,
    loadDataDir: new Blob([readFileSync(template)]),
  });
  await handle.migrate();
  return handle;
}

/** PostgreSQL: the worker databases migrated in this worker (once each; no test rolls the app's schema back). */
const migratedUrls = new Set<string>();

/**
 * The database of a test file: its worker's PGlite or PostgreSQL database, emptied when the file's first app
 * opens it (a second app in the same file shares the data of the first).
 */
async function testDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = workerDatabaseUrl();
  let handle: DatabaseHandle;
  if (databaseUrl) {
    handle = await openDatabase({ databaseUrl, dataDir: null });
    if (!migratedUrls.has(databaseUrl)) {
      await handle.migrate();
      migratedUrls.add(databaseUrl);
    }
  } else {
    workerPglite ??= openWorkerPglite();
    // the worker's: a file's close leaves it open for the next file
    handle = { ...(await workerPglite), close: async () => {} };
  }
  const file = expect.getState().testPath;
  if (truncatedFor === undefined || truncatedFor !== file) {
    await handle.db.execute(sql.raw(`truncate table ${ALL_TABLES.join(', ')} restart identity cascade`));
    truncatedFor = file;
  }
  return handle;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await testDatabase();
  const clock = createClock();
  const config = loadConfig({
    // development: the developer routes (outbox, collections trigger) are how the tests read codes and move time
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // the upload limits are tested where they are set low (uploads-throttle.test.ts)
    UPLOADS_PER_MINUTE: '100000',
    UPLOAD_REFUSALS_PER_15_MINUTES: '100000',
    UPLOADS_AT_ONCE: '100',
    DIRECT_LOGIN_SECRET: TEST_DIRECT_LOGIN_SECRET,
    WEB_DIST: NO_WEB_DIST,
    CONSOLE_DIST: NO_WEB_DIST,
    DATA_DIR: join(tmpdir(), 'loan-unused-data-dir'),
    FILE_DIR: mkdtempSync(join(tmpdir(), 'loan-test-files-')),
    // the session cache where a test asks for it (session-cache*.test.ts); TEST_SESSION_CACHE=1 runs every suite
    // with it (by hand: a test that writes past the API and reads at once may then see the write late)
    SESSION_CACHE: process.env.TEST_SESSION_CACHE ?? '0',
    ...options.env,
  });
  await seedDemoAccounts(handle.db, config, clock.now());
  await seedCatalogue(handle.db, clock.now());
  const files =
    options.files ??
    createFileStorage(config, handle.db, { now: clock.now, ...(options.s3 ? { s3: options.s3 } : {}) });
  const app = await buildApp({
    config,
    db: handle.db,
    now: clock.now,
    logger: options.logger ?? false,
    outbox: options.outbox,
    rateLimitStore: options.rateLimitStore,
    lifecycle: options.lifecycle,
    marketplace: options.marketplace,
    banks: options.banks,
    files,
    testHooks: options.testHooks,
    telemetry: options.telemetry,
    gateway: options.gateway?.(handle.db),
    sessionCacheLeaseMs: TEST_SESSION_CACHE_LEASE_MS,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    files,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export const CIPHER = { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV };

/** The browser's way: field-cipher text of a password. */
export function cipher(plain: string): string {
  return encryptField(plain, CIPHER);
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Record<string, unknown>;
  response: RspHeader;
  result: T;
}

/** The response code of an answer. */
export const codeOf = (answer: { response: { rspCode: string } }) => answer.response.rspCode;

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls the API under /api: GET sends the payload as query parameters, POST as JSON. */
export async function call<T = unknown>(
  app: App,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const request: InjectOptions = {
    method,
    url: `/api${path}`,
    headers: { ...(options.token ? { accessToken: options.token } : {}), ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  };
  if (method === 'GET' && payload) {
    request.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
  } else if (method === 'POST') {
    request.payload = payload ?? {};
  }
  const res = await app.inject(request);
  const body = res.json() as { response: RspHeader; result: T };
  return { status: res.statusCode, headers: res.headers, response: body.response, result: body.result };
}

/** A sign-in as the login page sends it (the password enciphered), whatever it answers. */
export function signInAttempt(app: App, loginId: string, password: string, ip?: string) {
  return call<{ accessToken: string; mustChangePassword: boolean }>(
    app,
    'POST',
    '/application_vue/userLogin',
    { loginId, password: cipher(password) },
    { ip },
  );
}

/** Signs in and gives the session token; throws when refused. */
export async function login(app: App, loginId: string, password: string, ip?: string): Promise<string> {
  const res = await signInAttempt(app, loginId, password, ip);
  if (res.response.rspCode !== '0000') throw new Error(`login failed: ${JSON.stringify(res.response)}`);
  return res.result.accessToken;
}

/** A password change as the page sends it (both passwords enciphered). */
export function changePassword(app: App, token: string, oldPassword: string, newPassword: string) {
  return call<{ accessToken: string }>(
    app,
    'POST',
    '/users/modifyPwd',
    { oldPassword: cipher(oldPassword), newPassword: cipher(newPassword) },
    { token },
  );
}

/**
 * Row counts of the tables a refused call must not touch. The throttles' counters (rate_limit_hits) are not among
 * them: a refused call may count against its sender (sign-in per address, refused uploads per borrower), and the
 * tests of those limits read the counters themselves.
 */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES.filter((name) => name !== 'rate_limit_hits')) {
    const rows = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }
  return counts;
}
