import { join, resolve } from 'node:path';
import {
  API_BASE_DEFAULT,
  BANK_CODES,
  type BankCode,
  checkCipherParams,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
} from '@loan/domain';
import { type FileStorageConfig, readFileStorage } from './config-files.ts';
import { PII_KEYRING, readKeyring, STORE_TOKEN_KEYRING } from './config-keyrings.ts';
import { type MetricsSettings, readMetricsSettings } from './config-metrics.ts';
import { type OpsSettings, readOpsSettings } from './config-ops.ts';
import { type PlatformIdentity, readPlatform } from './config-platform.ts';
import { productionProblems, settingNameProblems } from './config-production.ts';
import {
  bankSecretVariable,
  DEFAULT_AGREEMENT_READ_SECRET,
  DEFAULT_DIRECT_LOGIN_SECRET,
  DEFAULT_PAYMENT_NOTIFY_SECRET,
  DEFAULT_PII_KEY,
  DEFAULT_PII_LOOKUP_KEY,
  DEFAULT_STORE_TOKEN_KEY,
  defaultBankCallbackSecret,
} from './config-secrets.ts';
import { readSupport, type SupportContact } from './config-support.ts';
import { readTelemetrySettings, type TelemetrySettings } from './config-telemetry.ts';
import type { Keyring } from './lib/at-rest.ts';

export {
  DEFAULT_AGREEMENT_READ_SECRET,
  DEFAULT_DIRECT_LOGIN_SECRET,
  DEFAULT_PII_KEY,
  DEFAULT_PII_LOOKUP_KEY,
  DEFAULT_STORE_TOKEN_KEY,
} from './config-secrets.ts';

/** The repository root: server/src/config.ts → ../.. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export type Environment = 'development' | 'test' | 'production';

export interface Config extends OpsSettings, MetricsSettings, TelemetrySettings {
  port: number;
  host: string;
  apiBase: string;
  /** unset: embedded PGlite in dataDir */
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  fieldCipher: { key: string; iv: string };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /**
   * SESSION_CACHE (on by default): each server keeps its session lookups in memory, kept current by the database's
   * notices (modules/auth/session-cache*.ts). Off where LISTEN cannot work (a transaction pooler).
   */
  sessionCache: boolean;
  directLoginSecret: string;
  authRateLimitPerMinute: number;
  /** uploads one borrower may have in progress at once on one server (POST /users/uploadDocument) */
  uploadsAtOnce: number;
  /** uploads one borrower may start in a minute (POST /users/uploadDocument), every server together */
  uploadsPerMinute: number;
  /** refused uploads one borrower may make in 15 minutes before uploading is refused for the rest of them */
  uploadRefusalsPer15Minutes: number;
  environment: Environment;
  webDist: string;
  logLevel: string;
  /** AES-256-GCM keys for personal data at rest: ID numbers, phones, e-mails, names, bank cards (config-keyrings.ts) */
  piiKeys: Keyring;
  /** AES-256-GCM keys for marketplace authorisation tokens at rest */
  storeTokenKeys: Keyring;
  /** HMAC key of the phone and e-mail lookup hashes (lib/lookup-hash.ts) */
  piiLookupKey: string;
  /** HMAC secret of each partner bank's callbacks (BANK_CALLBACK_SECRET_<BANK>; the sandbox banks use them too) */
  bankCallbackSecrets: Readonly<Record<BankCode, string>>;
  /** HMAC secret of the agreement read tokens (when a text was served) */
  agreementReadSecret: string;
  /** HMAC secret of the payment gateway's notifies (PAYMENT_NOTIFY_SECRET; the sandbox gateway signs with it) */
  paymentNotifySecret: string;
  /** where uploaded documents were kept as plain files before they were sealed: moved into fileStorage at start */
  fileDir: string;
  /** where uploaded documents are kept, sealed (FILE_STORAGE, S3_*; config-files.ts) */
  fileStorage: FileStorageConfig;
  /** how long the sandbox banks take to decide, in milliseconds */
  sandboxDecisionDelayMs: number;
  /**
   * the sandbox adapters (banks, marketplace, SMS/e-mail outbox): on outside production; in production only when
   * chosen on purpose with SANDBOX=1 (the UI then says 沙箱环境)
   */
  sandbox: boolean;
  /** on SIGTERM, how long /api/health/ready answers 503 before the listener closes (the balancer moves away) */
  shutdownDrainMs: number;
  /** on SIGTERM, how long closing may take before the process gives up and exits non-zero */
  shutdownTimeoutMs: number;
  /** Fastify trustProxy: false, true, addresses/CIDRs, or "trust this many hops" (behind a load balancer) */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** the platform as its documents name it: legal name, receiving account, public address (config-platform.ts) */
  platform: PlatformIdentity;
  /** customer service: SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_HOURS (required in production), told to every client */
  support: SupportContact;
  /** {API_BASE}/openapi.json is served (OPENAPI_PUBLIC; on outside production, off in production unless set to 1) */
  openapiPublic: boolean;
  /** Strict-Transport-Security is sent: production with an https PUBLIC_URL */
  hsts: boolean;
  /** the built operator console (CONSOLE_DIST; default console/dist), served under /ops/ */
  consoleDist: string;
}

/** Every problem of a configuration, one line each (Chinese / English); the server refuses to start. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.name = 'ConfigError';
    this.problems = list;
  }
}

type Env = Record<string, string | undefined>;

/** Reads variables; a bad value adds a problem line and gives the fallback, so every problem is reported at once. */
function reader(env: Env, problems: string[]) {
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  return {
    text,
    optional(name: string): string | null {
      const value = env[name]?.trim();
      return value ? value : null;
    },
    positiveInt(name: string, fallback: number, max = 1_000_000, min = 1): number {
      const raw = env[name]?.trim();
      if (!raw) return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      problems.push(
        `环境变量 ${name} 必须是 ${min} 到 ${max} 之间的整数 / ${name} must be an integer ${min}..${max}`,
      );
      return fallback;
    },
    hexKey(name: string, fallback: string): string {
      const value = text(name, fallback);
      if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
      problems.push(`${name} 必须是64位十六进制（32字节） / ${name} must be 64 hex digits (32 bytes)`);
      return fallback;
    },
    oneOf<T extends string>(name: string, values: Record<string, T>, fallback: T): T {
      const raw = env[name]?.trim();
      if (!raw) return fallback;
      const value = values[raw];
      if (value !== undefined) return value;
      problems.push(
        `${name}=${JSON.stringify(raw)} 不是可用的取值（${Object.keys(values).join('、')}） / ${name} must be one of ${Object.keys(values).join(', ')}`,
      );
      return fallback;
    },
  };
}

const ENVIRONMENTS: Record<string, Environment> = {
  production: 'production',
  development: 'development',
  test: 'test',
};

const SWITCH: Record<string, 'on' | 'off'> = { '1': 'on', true: 'on', '0': 'off', false: 'off' };

const LOG_LEVELS = Object.fromEntries(
  ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => [l, l]),
);

function apiBase(read: ReturnType<typeof reader>, problems: string[]): string {
  const base = read.text('API_BASE', API_BASE_DEFAULT).replace(/\/+$/, '');
  if (/^\/[A-Za-z0-9_\-/]*$/.test(base) && base !== '') return base;
  problems.push('API_BASE 必须以 / 开头，例如 /api / API_BASE must start with /, e.g. /api');
  return API_BASE_DEFAULT;
}

function trustProxy(raw: string | null): Config['trustProxy'] {
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  if (!/^\d+$/.test(raw)) return raw;
  const hops = Number(raw);
  return (_address, hop) => hop < hops;
}

/**
 * Reads the configuration from environment variables. Pure: no I/O. Throws one ConfigError listing every
 * problem: a bad value, an unknown NODE_ENV or SANDBOX value, a misspelt setting, and in production every
 * secret unset or left at its development value and a sandbox not chosen on purpose (config-production.ts).
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [...settingNameProblems(env)];
  const read = reader(env, problems);
  const fieldCipher = {
    key: read.text('FIELD_CIPHER_KEY', DEFAULT_FIELD_CIPHER_KEY),
    iv: read.text('FIELD_CIPHER_IV', DEFAULT_FIELD_CIPHER_IV),
  };
  try {
    checkCipherParams(fieldCipher);
  } catch (error) {
    problems.push(`FIELD_CIPHER_KEY / FIELD_CIPHER_IV: ${(error as Error).message}`);
  }
  const environment = read.oneOf('NODE_ENV', ENVIRONMENTS, 'development');
  const port = read.positiveInt('PORT', 3000, 65535);
  const sandboxSwitch = read.oneOf('SANDBOX', SWITCH, environment === 'production' ? 'off' : 'on');
  const dataDir = resolve(read.text('DATA_DIR', join(REPO_ROOT, 'data')));
  const production = environment === 'production';
  const config: Config = {
    port,
    host: read.text('HOST', '127.0.0.1'),
    apiBase: apiBase(read, problems),
    databaseUrl: read.optional('DATABASE_URL'),
    dataDir,
    redisUrl: read.optional('REDIS_URL'),
    fieldCipher,
    sessionIdleMinutes: read.positiveInt('SESSION_IDLE_MINUTES', 30),
    sessionAbsoluteHours: read.positiveInt('SESSION_ABSOLUTE_HOURS', 12),
    sessionCache: read.oneOf('SESSION_CACHE', SWITCH, 'on') === 'on',
    directLoginSecret: read.text('DIRECT_LOGIN_SECRET', DEFAULT_DIRECT_LOGIN_SECRET),
    authRateLimitPerMinute: read.positiveInt('AUTH_RATE_LIMIT_PER_MINUTE', 30),
    uploadsAtOnce: read.positiveInt('UPLOADS_AT_ONCE', 2),
    uploadsPerMinute: read.positiveInt('UPLOADS_PER_MINUTE', 10),
    uploadRefusalsPer15Minutes: read.positiveInt('UPLOAD_REFUSALS_PER_15_MINUTES', 10),
    environment,
    webDist: resolve(read.text('WEB_DIST', join(REPO_ROOT, 'web', 'dist'))),
    consoleDist: resolve(read.text('CONSOLE_DIST', join(REPO_ROOT, 'console', 'dist'))),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: trustProxy(read.optional('TRUST_PROXY')),
    piiKeys: readKeyring(env, PII_KEYRING, read.hexKey('PII_KEY', DEFAULT_PII_KEY), production, problems),
    storeTokenKeys: readKeyring(
      env,
      STORE_TOKEN_KEYRING,
      read.hexKey('STORE_TOKEN_KEY', DEFAULT_STORE_TOKEN_KEY),
      production,
      problems,
    ),
    piiLookupKey: read.text('PII_LOOKUP_KEY', DEFAULT_PII_LOOKUP_KEY),
    bankCallbackSecrets: Object.fromEntries(
      BANK_CODES.map((bank) => [bank, read.text(bankSecretVariable(bank), defaultBankCallbackSecret(bank))]),
    ) as Record<BankCode, string>,
    agreementReadSecret: read.text('AGREEMENT_READ_SECRET', DEFAULT_AGREEMENT_READ_SECRET),
    paymentNotifySecret: read.text('PAYMENT_NOTIFY_SECRET', DEFAULT_PAYMENT_NOTIFY_SECRET),
    fileDir: resolve(read.text('FILE_DIR', join(dataDir, 'files'))),
    fileStorage: readFileStorage(env, problems),
    sandboxDecisionDelayMs: read.positiveInt('SANDBOX_DECISION_DELAY_MS', 5000, 86_400_000),
    sandbox: sandboxSwitch === 'on',
    shutdownDrainMs: read.positiveInt(
      'SHUTDOWN_DRAIN_MS',
      environment === 'production' ? 5000 : 0,
      600_000,
      0,
    ),
    shutdownTimeoutMs: read.positiveInt('SHUTDOWN_TIMEOUT_MS', 10_000, 600_000),
    platform: readPlatform(env, production, problems),
    support: readSupport(env, production, problems),
    openapiPublic: read.oneOf('OPENAPI_PUBLIC', SWITCH, production ? 'off' : 'on') === 'on',
    hsts: false,
    ...readOpsSettings(env, port, problems),
    ...readMetricsSettings(env, problems),
    ...readTelemetrySettings(env, problems),
  };
  config.hsts = production && config.platform.publicUrl.startsWith('https://');
  problems.push(...productionProblems(config, env));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** What start-up logs as a warning: production running the sandbox adapters, chosen on purpose. */
export function configWarnings(config: Config): string[] {
  if (config.environment !== 'production' || !config.sandbox) return [];
  return [
    'SANDBOX=1：生产环境以沙箱接口运行，不产生真实交易 / production runs the sandbox adapters: no real transactions',
  ];
}
