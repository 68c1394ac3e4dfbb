import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

function dist(title: string, asset: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'loan-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${title}</title><div id="root"></div>`);
  writeFileSync(join(dir, 'assets', asset), `console.log(${JSON.stringify(title)})`);
  return dir;
}

/** The operator console (CONSOLE_DIST) under /ops/, beside the borrower's app and apart from it. */
describe('the operator console (CONSOLE_DIST)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { WEB_DIST: dist('门户', 'index-web1.js'), CONSOLE_DIST: dist('运营后台', 'index-ops1.js') },
    });
  });
  afterAll(() => t.close());

  it('answers its pages with its own index.html (history fallback), never cached', async () => {
    for (const url of ['/ops/', '/ops/login', '/ops/audit?action=ops.login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>运营后台</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    const bare = await t.app.inject({ method: 'GET', url: '/ops' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/ops/');
  });

  it('serves its hashed assets cached for good, and a missing one is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/assets/index-ops1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('运营后台');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/ops/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('leaves the borrower’s pages and files to the borrower’s app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/bmss/toLogin' });
    expect(page.body).toContain('<title>门户</title>');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-ops1.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/opsx' })).body).toContain('<title>门户</title>');
  });
});

describe('a server whose console is not built', () => {
  it('says so on /ops/ pages, in Chinese and English', async () => {
    const t = await createTestApp({
      env: { WEB_DIST: dist('门户', 'a.js'), CONSOLE_DIST: join(tmpdir(), 'no-console-here') },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ops/login' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('运营后台尚未构建');
    } finally {
      await t.close();
    }
  });
});
