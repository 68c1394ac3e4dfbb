import { join, resolve } from 'node:path';
import {
  API_BASE_DEFAULT,
  checkCipherParams,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
} from '@loan/domain';

/** The repository root: server/src/config.ts → ../.. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export const DEFAULT_DIRECT_LOGIN_SECRET = 'dev-direct-login-secret-change-me';

/** Development defaults of the at-rest keys (32 bytes as 64 hex digits); production warns when they are kept. */
export const DEFAULT_PII_KEY = `${'0'.repeat(62)}01`;
export const DEFAULT_STORE_TOKEN_KEY = `${'0'.repeat(62)}02`;
export const DEFAULT_BANK_CALLBACK_SECRET = 'dev-bank-callback-secret-change-me';
export const DEFAULT_AGREEMENT_READ_SECRET = 'dev-agreement-read-secret-change-me';

export type Environment = 'development' | 'test' | 'production';

export interface Config {
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
  directLoginSecret: string;
  authRateLimitPerMinute: number;
  environment: Environment;
  webDist: string;
  logLevel: string;
  /** AES-256-GCM key (64 hex digits) for ID numbers, phones and bank cards at rest */
  piiKey: string;
  /** AES-256-GCM key (64 hex digits) for marketplace authorisation tokens at rest */
  storeTokenKey: string;
  /** HMAC secret the partner banks sign callbacks with (the sandbox banks use it too) */
  bankCallbackSecret: string;
  /** HMAC secret of the agreement read tokens (when a text was served) */
  agreementReadSecret: string;
  /** where the local file-storage adapter keeps uploaded documents */
  fileDir: string;
  /** how long the sandbox banks take to decide, in milliseconds */
  sandboxDecisionDelayMs: number;
  /** Fastify trustProxy: false, true, addresses/CIDRs, or "trust this many hops" (behind a load balancer) */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** An unset or empty variable means "use the default". */
function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function positiveInt(env: Env, name: string, fallback: number, max = 1_000_000): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new ConfigError(
      `环境变量 ${name} 必须是 1 到 ${max} 之间的整数 / ${name} must be an integer 1..${max}`,
    );
  }
  return n;
}

const ENVIRONMENTS: Record<string, Environment> = {
  production: 'production',
  test: 'test',
  development: 'development',
};

function apiBase(env: Env): string {
  const base = text(env, 'API_BASE', API_BASE_DEFAULT).replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9_\-/]*$/.test(base) || base === '') {
    throw new ConfigError('API_BASE 必须以 / 开头，例如 /api / API_BASE must start with /, e.g. /api');
  }
  return base;
}

function hexKey(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new ConfigError(`${name} 必须是64位十六进制（32字节）/ ${name} must be 64 hex digits (32 bytes)`);
  }
  return value.toLowerCase();
}

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  if (!/^\d+$/.test(raw)) return raw;
  const hops = Number(raw);
  return (_address, hop) => hop < hops;
}

/** Reads the configuration from environment variables. Pure: no I/O, throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env): Config {
  const fieldCipher = {
    key: text(env, 'FIELD_CIPHER_KEY', DEFAULT_FIELD_CIPHER_KEY),
    iv: text(env, 'FIELD_CIPHER_IV', DEFAULT_FIELD_CIPHER_IV),
  };
  try {
    checkCipherParams(fieldCipher);
  } catch (error) {
    throw new ConfigError(`FIELD_CIPHER_KEY / FIELD_CIPHER_IV: ${(error as Error).message}`);
  }
  const dataDir = resolve(text(env, 'DATA_DIR', join(REPO_ROOT, 'data')));
  return {
    port: positiveInt(env, 'PORT', 3000, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    apiBase: apiBase(env),
    databaseUrl: optional(env, 'DATABASE_URL'),
    dataDir,
    redisUrl: optional(env, 'REDIS_URL'),
    fieldCipher,
    sessionIdleMinutes: positiveInt(env, 'SESSION_IDLE_MINUTES', 30),
    sessionAbsoluteHours: positiveInt(env, 'SESSION_ABSOLUTE_HOURS', 12),
    directLoginSecret: text(env, 'DIRECT_LOGIN_SECRET', DEFAULT_DIRECT_LOGIN_SECRET),
    authRateLimitPerMinute: positiveInt(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30),
    environment: ENVIRONMENTS[text(env, 'NODE_ENV', 'development')] ?? 'development',
    webDist: resolve(text(env, 'WEB_DIST', join(REPO_ROOT, 'web', 'dist'))),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: trustProxy(env),
    piiKey: hexKey(env, 'PII_KEY', DEFAULT_PII_KEY),
    storeTokenKey: hexKey(env, 'STORE_TOKEN_KEY', DEFAULT_STORE_TOKEN_KEY),
    bankCallbackSecret: text(env, 'BANK_CALLBACK_SECRET', DEFAULT_BANK_CALLBACK_SECRET),
    agreementReadSecret: text(env, 'AGREEMENT_READ_SECRET', DEFAULT_AGREEMENT_READ_SECRET),
    fileDir: resolve(text(env, 'FILE_DIR', join(dataDir, 'files'))),
    sandboxDecisionDelayMs: positiveInt(env, 'SANDBOX_DECISION_DELAY_MS', 5000, 86_400_000),
  };
}

/** Warnings worth printing at start (e.g. a development secret in production). */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.environment === 'production' && config.directLoginSecret === DEFAULT_DIRECT_LOGIN_SECRET) {
    warnings.push(
      'DIRECT_LOGIN_SECRET 仍为开发默认值，请在生产环境中设置 / DIRECT_LOGIN_SECRET is the development default: set it in production',
    );
  }
  const defaults: [string, boolean][] = [
    ['PII_KEY', config.piiKey === DEFAULT_PII_KEY],
    ['STORE_TOKEN_KEY', config.storeTokenKey === DEFAULT_STORE_TOKEN_KEY],
    ['BANK_CALLBACK_SECRET', config.bankCallbackSecret === DEFAULT_BANK_CALLBACK_SECRET],
    ['AGREEMENT_READ_SECRET', config.agreementReadSecret === DEFAULT_AGREEMENT_READ_SECRET],
  ];
  for (const [name, isDefault] of defaults) {
    if (config.environment === 'production' && isDefault) {
      warnings.push(
        `${name} 仍为开发默认值，请在生产环境中设置 / ${name} is the development default: set it in production`,
      );
    }
  }
  return warnings;
}
