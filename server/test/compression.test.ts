import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API, RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/compression.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';

const SCRIPT = `export const text = ${JSON.stringify('跨境电商融资'.repeat(400))};\n`;

let t: TestApp;
let token: string;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'loan-dist-'));
  mkdirSync(join(dist, 'assets'));
  const index = '<!doctype html><title>门户</title><div id="root"></div>'.padEnd(2000, ' ');
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(index));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ env: { WEB_DIST: dist } });
  token = await login(t.app, 'demo', 'Demo1234');
});
afterAll(() => t.close());

const products = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api${API.productList}`,
    headers: { authorization: token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('API answers', () => {
  it('of 1 KB and more go brotli-compressed when the browser takes brotli, gzip when it takes only gzip', async () => {
    const plain = await products();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const list = plain.json();
    expect(list.response.rspCode).toBe(RSP.OK);

    const br = await products('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(list);
    // still an API answer: never cached
    expect(br.headers['cache-control']).toBe('no-store');

    const gz = await products('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(list);
  });

  it('below 1 KB go as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${API.clientConfig}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().response.rspCode).toBe(RSP.OK);
  });

  it('a compressed request body is not inflated: refused with a Chinese error, nothing else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${API.userLogin}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ loginId: 'demo', password: 'x' })),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().response.rspCode).not.toBe(RSP.OK);
    expect(res.json().response.rspDesc).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('the web app', () => {
  it('files go precompressed as the build wrote them, cached for good', async () => {
    for (const [encoding, open] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(open(res.rawPayload).toString('utf8')).toBe(SCRIPT);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('index.html, for any page route, goes compressed and never cached', async () => {
    for (const url of ['/', '/bmss/toLogin', '/record/loanRecord']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<div id="root">');
    }
  });
});
