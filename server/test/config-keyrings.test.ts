import { describe, expect, it } from 'vitest';
import { DEFAULT_PII_KEY, loadConfig } from '../src/config.ts';
import { PRODUCTION_ENV } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';

/** The keyrings of data at rest: the current key and its id, older keys that still open; production fails closed. */

const OLD = 'ab'.repeat(32);
const BILINGUAL = /[\u4e00-\u9fff].* \/ [A-Za-z]/;

describe('at-rest keyrings', () => {
  it('development keeps the fixed development keys under their development ids', () => {
    const config = loadConfig({});
    expect(config.piiKeys).toEqual({ currentId: 'pii-dev', keys: { 'pii-dev': DEFAULT_PII_KEY } });
    expect(config.storeTokenKeys.currentId).toBe('store-dev');
    expect(config.piiLookupKey.length).toBeGreaterThan(0);
  });

  it('reads the current key id and the older keys', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      PII_OLD_KEYS: `pii-2025:${OLD.toUpperCase()}, pii-2024:${'cd'.repeat(32)}`,
    });
    expect(config.piiKeys).toEqual({
      currentId: 'pii-2026',
      keys: { 'pii-2026': PRODUCTION_ENV.PII_KEY, 'pii-2025': OLD, 'pii-2024': 'cd'.repeat(32) },
    });
  });

  it('production refuses a missing key id, key or lookup key, one bilingual line each', () => {
    const lines = configProblems({
      ...PRODUCTION_ENV,
      PII_KEY_ID: '',
      STORE_TOKEN_KEY: '',
      PII_LOOKUP_KEY: '',
    });
    for (const name of ['PII_KEY_ID', 'STORE_TOKEN_KEY ', 'PII_LOOKUP_KEY']) {
      expect(lines.filter((l) => l.startsWith(name.trim()) && l.includes(name))).toHaveLength(1);
    }
    for (const line of lines) expect(line).toMatch(BILINGUAL);
  });

  it('refuses malformed keyrings everywhere: a bad id, a bad old key, an id used twice', () => {
    for (const env of [
      { PII_KEY_ID: 'has.dot' },
      { PII_KEY_ID: 'x'.repeat(33) },
      { PII_OLD_KEYS: 'old' },
      { PII_OLD_KEYS: `old:${'ab'.repeat(31)}` },
      { PII_OLD_KEYS: `old:${OLD}:extra` },
      { PII_KEY_ID: 'k1', PII_OLD_KEYS: `k1:${OLD}` },
      { STORE_TOKEN_OLD_KEYS: `a:${OLD} a:${OLD}` },
    ]) {
      expect(configProblems(env), JSON.stringify(env)).toHaveLength(1);
      expect(configProblems({ ...PRODUCTION_ENV, ...env }), JSON.stringify(env)).toHaveLength(1);
    }
  });

  it('production refuses the development lookup key and a lookup key equal to another secret', () => {
    expect(
      configProblems({ ...PRODUCTION_ENV, PII_LOOKUP_KEY: 'dev-pii-lookup-key-change-me' }),
    ).toHaveLength(1);
    expect(
      configProblems({ ...PRODUCTION_ENV, PII_LOOKUP_KEY: PRODUCTION_ENV.DIRECT_LOGIN_SECRET }).some((l) =>
        l.includes('PII_LOOKUP_KEY'),
      ),
    ).toBe(true);
  });
});
