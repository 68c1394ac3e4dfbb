import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DIRECT_LOGIN_SECRET, loadConfig, REPO_ROOT } from '../src/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      apiBase: '/api',
      databaseUrl: null,
      redisUrl: null,
      fieldCipher: { key: 'LoanPortalKey#16', iv: 'LoanPortalIv#016' },
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      directLoginSecret: DEFAULT_DIRECT_LOGIN_SECRET,
      authRateLimitPerMinute: 30,
      environment: 'development',
      logLevel: 'info',
    });
    expect(c.dataDir).toBe(`${REPO_ROOT}/data`);
    expect(c.webDist).toBe(`${REPO_ROOT}/web/dist`);
  });

  it('reads the environment; empty values mean the default', () => {
    const c = loadConfig({
      PORT: '8080',
      API_BASE: '/gateway/',
      DATABASE_URL: 'postgres://x@localhost/db',
      REDIS_URL: '',
      SESSION_IDLE_MINUTES: '5',
      NODE_ENV: 'test',
      FIELD_CIPHER_KEY: 'AnotherKey#16byt',
    });
    expect(c.port).toBe(8080);
    expect(c.apiBase).toBe('/gateway');
    expect(c.databaseUrl).toBe('postgres://x@localhost/db');
    expect(c.redisUrl).toBeNull();
    expect(c.sessionIdleMinutes).toBe(5);
    expect(c.environment).toBe('test');
    expect(c.sandbox).toBe(true);
    expect(c.fieldCipher.key).toBe('AnotherKey#16byt');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ FIELD_CIPHER_KEY: 'short' }, 'FIELD_CIPHER_KEY'],
    [{ API_BASE: 'api' }, 'API_BASE'],
  ])('refuses %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['10.0.0.0/8,127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ])('TRUST_PROXY=%s → %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('TRUST_PROXY=2 trusts two hops', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('refuses an at-rest key that is not 32 bytes of hex', () => {
    expect(() => loadConfig({ PII_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORE_TOKEN_KEY: 'z'.repeat(64) })).toThrow(ConfigError);
    expect(loadConfig({ PII_KEY: 'AB'.repeat(32) }).piiKeys).toEqual({
      currentId: 'pii-dev',
      keys: { 'pii-dev': 'ab'.repeat(32) },
    });
  });
});
