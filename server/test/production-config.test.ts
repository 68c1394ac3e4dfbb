import { BANK_CODES } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../src/config.ts';
import { DEVELOPMENT_PLATFORM } from '../src/config-platform.ts';
import { SECRETS } from '../src/config-secrets.ts';
import { SUPPORT_SETTINGS } from '../src/config-support.ts';
import { PRODUCTION_ENV } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';

const PLATFORM_SETTINGS = [
  'PLATFORM_LEGAL_NAME',
  'PLATFORM_ACCOUNT_NO',
  'PLATFORM_ACCOUNT_BANK',
  'PUBLIC_URL',
];

const BILINGUAL = /[\u4e00-\u9fff].* \/ [A-Za-z]/;

describe('production fails closed', () => {
  it('starts with every secret its own and the sandboxes chosen on purpose, and says it runs the sandboxes', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.environment).toBe('production');
    expect(config.sandbox).toBe(true);
    expect(configWarnings(config)).toHaveLength(1);
    expect(configWarnings(config)[0]).toContain('SANDBOX=1');
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('refuses with one bilingual line per secret when none is set', () => {
    const lines = configProblems({ NODE_ENV: 'production', SANDBOX: '1' });
    // every secret, the ids of the two at-rest keys (config-keyrings.ts), the platform's identity and the
    // customer-service contact
    const names = [
      ...SECRETS.map((s) => s.variable),
      'PII_KEY_ID',
      'STORE_TOKEN_KEY_ID',
      ...PLATFORM_SETTINGS,
      ...SUPPORT_SETTINGS.map((s) => s.variable),
    ];
    expect(lines).toHaveLength(names.length);
    for (const name of names) {
      expect(lines.filter((l) => l.startsWith(`${name} `))).toHaveLength(1);
    }
    for (const line of lines) expect(line).toMatch(BILINGUAL);
  });

  it.each(SECRETS.map((s) => [s.variable]))(
    'refuses %s unset, empty, or left at its development value',
    (name) => {
      const spec = SECRETS.find((s) => s.variable === name);
      for (const value of [undefined, '', '   ', spec?.development, spec?.development.toUpperCase()]) {
        const lines = configProblems({ ...PRODUCTION_ENV, [name]: value });
        expect(lines, String(value)).toHaveLength(1);
        expect(lines[0]).toContain(name);
      }
    },
  );

  it.each(PLATFORM_SETTINGS.map((name) => [name]))(
    'refuses %s unset or empty: no receipt names a made-up payee',
    (name) => {
      for (const value of [undefined, '', '   ']) {
        const lines = configProblems({ ...PRODUCTION_ENV, [name]: value });
        expect(lines, String(value)).toHaveLength(1);
        expect(lines[0]).toContain(name);
        expect(lines[0]).toMatch(BILINGUAL);
      }
    },
  );

  it.each(SUPPORT_SETTINGS.map((s) => [s.variable]))(
    'requires %s, refusing it unset or left at its development value',
    (name) => {
      const spec = SUPPORT_SETTINGS.find((s) => s.variable === name);
      for (const value of [undefined, '', '  ', spec?.development]) {
        const lines = configProblems({ ...PRODUCTION_ENV, [name]: value });
        expect(lines, String(value)).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^${name} .*${BILINGUAL.source}`));
      }
    },
  );

  it("reads the platform's identity; outside production the development values stand in", () => {
    expect(loadConfig(PRODUCTION_ENV).platform).toEqual({
      legalName: PRODUCTION_ENV.PLATFORM_LEGAL_NAME,
      accountNo: PRODUCTION_ENV.PLATFORM_ACCOUNT_NO,
      accountBank: PRODUCTION_ENV.PLATFORM_ACCOUNT_BANK,
      publicUrl: PRODUCTION_ENV.PUBLIC_URL,
    });
    expect(loadConfig({}).platform).toEqual(DEVELOPMENT_PLATFORM);
    expect(loadConfig({ PUBLIC_URL: 'https://loans.example.com/' }).platform.publicUrl).toBe(
      'https://loans.example.com',
    );
    expect(configProblems({ PUBLIC_URL: 'loans.example.com' })).toEqual([
      expect.stringContaining('PUBLIC_URL'),
    ]);
  });

  it('uses the customer-service contact set, and refuses a malformed one anywhere', () => {
    expect(loadConfig(PRODUCTION_ENV).support).toEqual({
      phone: '400-100-2026',
      email: 'help@loan-portal.cn',
      hours: '每天 08:30–20:30',
    });
    expect(loadConfig({}).support).toEqual({
      phone: '400-820-1234',
      email: 'support@example.com',
      hours: '工作日 09:00–18:00',
    });
    expect(configProblems({ SUPPORT_EMAIL: 'not-an-address' })[0]).toMatch(/^SUPPORT_EMAIL /);
    expect(configProblems({ SUPPORT_PHONE: 'call us' })[0]).toMatch(/^SUPPORT_PHONE /);
    expect(configProblems({ SUPPORT_HOURS: '时'.repeat(61) })[0]).toMatch(/^SUPPORT_HOURS /);
  });

  it('refuses a short HMAC secret and one secret used twice', () => {
    expect(configProblems({ ...PRODUCTION_ENV, DIRECT_LOGIN_SECRET: 'short' })[0]).toContain(
      'DIRECT_LOGIN_SECRET',
    );
    const shared = configProblems({
      ...PRODUCTION_ENV,
      BANK_CALLBACK_SECRET_CGB: PRODUCTION_ENV.BANK_CALLBACK_SECRET_YNIT,
    });
    expect(shared).toHaveLength(1);
    expect(shared[0]).toContain('BANK_CALLBACK_SECRET_CGB');
  });

  it.each<[string, string]>([
    ['PII_KEY', '0'.repeat(64)],
    ['STORE_TOKEN_KEY', 'f'.repeat(64)],
    ['PII_KEY', '1A'.repeat(32)],
    ['STORE_TOKEN_KEY', '0123456789abcdef'.repeat(4)],
    ['DIRECT_LOGIN_SECRET', 'a'.repeat(32)],
    ['PII_LOOKUP_KEY', 'secret'.repeat(6)],
    ['PAYMENT_NOTIFY_SECRET', 'ab'.repeat(20)],
    ['AGREEMENT_READ_SECRET', 'aaaabbbbccccddddeeeeffffgggghhhh'],
    ['BANK_CALLBACK_SECRET_CGB', `${'x'.repeat(40)}0123456789`],
  ])('refuses %s=%s: too little variety, one bilingual line', (name, value) => {
    const lines = configProblems({ ...PRODUCTION_ENV, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name} 过于简单：.* / ${name} is too weak: `));
    expect(lines[0]).toMatch(BILINGUAL);
  });

  it('accepts secrets that vary enough: random hex keys, long mixed text', () => {
    expect(
      configProblems({
        ...PRODUCTION_ENV,
        PII_KEY: '3f9c0b7e12d8a4c6e5f1b2a3d4c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7',
        DIRECT_LOGIN_SECRET: 'correct-horse-battery-staple-2026-xq',
      }),
    ).toEqual([]);
  });

  it.each([
    ['PII_KEY_ID', 'pii-dev'],
    ['STORE_TOKEN_KEY_ID', 'store-dev'],
    ['PII_KEY_ID', 'PII-DEV'],
  ])('refuses %s=%s, the development key id', (name, value) => {
    const lines = configProblems({ ...PRODUCTION_ENV, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name} .*${BILINGUAL.source}`));
    expect(loadConfig({ [name]: value }).environment).toBe('development');
  });

  it('refuses production without SANDBOX chosen, and SANDBOX=0 anywhere (no real adapters exist)', () => {
    const { SANDBOX: _chosen, ...unchosen } = PRODUCTION_ENV;
    expect(configProblems(unchosen)).toEqual([expect.stringContaining('SANDBOX')]);
    expect(configProblems({ ...PRODUCTION_ENV, SANDBOX: '0' })).toEqual([
      expect.stringContaining('SANDBOX=0'),
    ]);
    expect(configProblems({ SANDBOX: 'false' })).toEqual([expect.stringContaining('SANDBOX=0')]);
    expect(configProblems({ SANDBOX: 'yes' })).toEqual([expect.stringContaining('SANDBOX')]);
    expect(loadConfig({ SANDBOX: '1' }).sandbox).toBe(true);
    expect(loadConfig({}).sandbox).toBe(true);
  });

  it.each(['prod', 'Production', 'staging', 'dev', ' productio'])('refuses NODE_ENV=%j', (value) => {
    const lines = configProblems({ NODE_ENV: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('NODE_ENV');
    expect(lines[0]).toMatch(BILINGUAL);
  });

  it('accepts exactly production, development and test; unset is development', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).environment).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).environment).toBe('test');
    expect(loadConfig({}).environment).toBe('development');
  });

  it('refuses settings nothing reads: the replaced single bank secret and an unknown bank', () => {
    expect(configProblems({ BANK_CALLBACK_SECRET: 'x' })).toEqual([
      expect.stringContaining('BANK_CALLBACK_SECRET'),
    ]);
    expect(configProblems({ BANK_CALLBACK_SECRET_YNTI: 'x' })).toEqual([
      expect.stringContaining('BANK_CALLBACK_SECRET_YNTI'),
    ]);
    expect(configProblems({ LOG_LEVEL: 'verbose' })).toEqual([expect.stringContaining('LOG_LEVEL')]);
  });

  it('reports every problem at once', () => {
    const lines = configProblems({ NODE_ENV: 'production', PORT: 'x', PII_KEY: 'short' });
    expect(lines.some((l) => l.includes('PORT'))).toBe(true);
    expect(lines.some((l) => l.includes('PII_KEY'))).toBe(true);
    expect(lines.some((l) => l.includes('SANDBOX'))).toBe(true);
    expect(lines.some((l) => l.includes('DIRECT_LOGIN_SECRET'))).toBe(true);
  });

  it('gives each bank its own development secret outside production', () => {
    const secrets = loadConfig({}).bankCallbackSecrets;
    expect(new Set(BANK_CODES.map((b) => secrets[b])).size).toBe(BANK_CODES.length);
  });
});
