import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './helpers/app.ts';

/** What production shows of itself: HSTS on its https address, no API document unless asked for. */
let https: TestApp;
let plain: TestApp;
let development: TestApp;
beforeAll(async () => {
  https = await createTestApp({ env: { ...PRODUCTION_ENV } });
  plain = await createTestApp({
    env: { ...PRODUCTION_ENV, PUBLIC_URL: 'http://loans.example.com', OPENAPI_PUBLIC: '1' },
  });
  development = await createTestApp();
});
afterAll(async () => {
  await https.close();
  await plain.close();
  await development.close();
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('Strict-Transport-Security', () => {
  it('production on an https PUBLIC_URL sends a year with subdomains, on pages, API answers and errors', async () => {
    for (const url of ['/api/application_vue/clientConfig', '/api/nope', '/apply/LoanInfo']) {
      expect((await get(https, url)).headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('is not sent on an http PUBLIC_URL nor outside production', async () => {
    for (const t of [plain, development]) {
      const res = await get(t, '/api/application_vue/clientConfig');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('the API document', () => {
  it('is not served in production by default', async () => {
    expect((await get(https, '/api/openapi.json')).statusCode).toBe(404);
  });

  it('is served in production with OPENAPI_PUBLIC=1, and outside production', async () => {
    for (const t of [plain, development]) {
      const res = await get(t, '/api/openapi.json');
      expect(res.statusCode).toBe(200);
      expect(res.json().openapi).toBe('3.0.3');
    }
  });

  it('OPENAPI_PUBLIC takes only a switch value', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPENAPI_PUBLIC: 'yes' })).toThrow(/OPENAPI_PUBLIC/);
    expect(loadConfig({ NODE_ENV: 'development', OPENAPI_PUBLIC: '0' }).openapiPublic).toBe(false);
  });
});

describe('npm run user -- direct-link', () => {
  it('prints a link on PUBLIC_URL', async () => {
    const lines: string[] = [];
    const config = loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'https://loans.example.com/' });
    await runUserCommand(['direct-link', 'demo'], { db: null, config, print: (l) => lines.push(l) });
    expect(lines[0]).toMatch(/^https:\/\/loans\.example\.com\/directLogin\?ticket=[^/]+$/);
  });
});
