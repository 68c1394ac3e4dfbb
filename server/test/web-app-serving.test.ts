import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The built web app served beside the API (WEB_DIST): history fallback, caching, pages rendered ahead. */
describe('the web app (WEB_DIST)', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'loan-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => web.close());

  it('serves index.html for / and for any page route (history fallback), never cached', async () => {
    for (const url of [
      '/',
      '/bmss/toLogin',
      '/apply/LoanInfo_YNIT/1/P01/T1',
      '/directLogin?ticket=abc.def',
    ]) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
  });

  it('serves hashed assets cached for good', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await web.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    expect((await web.app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('a missing file is a 404, not index.html; the API still answers with envelopes', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);
    const api = await web.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().response.rspCode).toBe(RSP.NOT_FOUND);
  });
});

describe('the web app with pages rendered ahead (prerendered.json)', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'loan-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
    writeFileSync(
      join(dist, 'login.html'),
      '<!doctype html><title>门户</title><div id="root" data-prerendered="/bmss/toLogin">账号登录</div>',
    );
    writeFileSync(
      join(dist, 'prerendered.json'),
      JSON.stringify({ '/bmss/toLogin': 'login.html', '/escape': '../outside.html' }),
    );
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => web.close());

  it("sends a page's own HTML for its path (with any query), never cached; other pages get index.html", async () => {
    for (const url of ['/bmss/toLogin', '/bmss/toLogin?redirect=%2Frecord%2FloanRecord']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-prerendered="/bmss/toLogin">账号登录');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/', '/about', '/bmss/toLogin/more', '/escape']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});
