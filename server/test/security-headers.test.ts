import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The policy the portal has always sent, directive by directive. */
const CSP = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Helmet headers the portal does not send here (HSTS only in production on https: production-surface.test.ts). */
const NOT_SENT = [
  'strict-transport-security',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'retry-after',
];

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(directives(headers['content-security-policy'])).toEqual(CSP);
  expect(headers).toMatchObject(HEADERS);
  for (const name of NOT_SENT) expect(headers[name], name).toBeUndefined();
}

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'loan-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>门户</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist, AUTH_RATE_LIMIT_PER_MINUTE: '1' } });
});
afterAll(() => t.close());

describe('security headers (@fastify/helmet)', () => {
  it('API answers: every header and the CSP, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/application_vue/clientConfig' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('errors, unknown routes and refused calls carry them too', async () => {
    for (const url of ['/api/nope', '/api/users/getUserInfo']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/application_vue/sendLoginSms',
        payload: { phone: '13911113333' },
      });
    await send();
    const limited = await send();
    expect(limited.json().response.rspCode).toBe('2004');
    expectSecurityHeaders(limited.headers);
  });

  it('pages and assets: the same headers, their own caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/apply/LoanInfo' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expectSecurityHeaders(asset.headers);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
