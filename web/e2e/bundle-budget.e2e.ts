import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANY_PAGE_MAX_KIB, FIRST_LOAD_BUDGETS, SIGN_IN, SIGNED_IN_FRAME } from '../bundle-budget.ts';
import { baseURL, browserPerFile, DESKTOP, login, newPage } from './support.ts';
import { DEMO } from './users.ts';

// The build the browser tests serve (global-setup.ts builds it first): its manifest and its .br files.
const dist = join(import.meta.dirname, '..', 'dist');
type Chunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
const manifest: Record<string, Chunk> = JSON.parse(
  readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
);
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;

/** A module of a budget as the manifest keys it: its own key, or the key of the chunk of that name. */
function manifestKey(module: string): string {
  if (manifest[module]) return module;
  const named = Object.keys(manifest).filter((key) => manifest[key]?.name === module);
  if (named.length !== 1)
    throw new Error(`${module}: ${named.length} chunks of that name in the build manifest`);
  return named[0] as string;
}

/** The files of the entry and `modules` with all they import statically, each once. */
function firstLoad(modules: string[]): string[] {
  const seen = new Set<string>();
  const queue = [entry, ...modules.map(manifestKey)];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen].map((key) => join(dist, (manifest[key] as Chunk).file));
}

/** Brotli bytes of a first load's files. */
function firstLoadBytes(modules: string[]): number {
  return firstLoad(modules).reduce((sum, file) => {
    // a chunk under the compression threshold is sent as it is
    try {
      return sum + readFileSync(`${file}.br`).length;
    } catch {
      return sum + readFileSync(file).length;
    }
  }, 0);
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const browser = browserPerFile();

describe('JavaScript budgets of a first load', () => {
  it.each(FIRST_LOAD_BUDGETS)(
    '$path stays within $maxKiB KiB (brotli) in at most $maxFiles files',
    ({ modules, maxKiB, maxFiles }) => {
      expect(kib(firstLoadBytes(modules))).toBeLessThanOrEqual(maxKiB);
      expect(firstLoad(modules).length).toBeLessThanOrEqual(maxFiles);
    },
  );

  it('the sign-in page a signed-out visitor opens loads no router, query or antd code', () => {
    const files = firstLoad([SIGN_IN]).map((file) => file.slice(dist.length));
    expect(files.some((file) => /\/assets\/react-/.test(file))).toBe(true);
    expect(
      files.filter((file) =>
        /\/assets\/(framework|antd-core|antd-pages|signed-in-frame|start)[-~]/.test(file),
      ),
    ).toEqual([]);
  });

  it(`every other page, with the root layout, stays within ${ANY_PAGE_MAX_KIB} KiB`, () => {
    const pages = Object.keys(manifest).filter(
      (key) => key.startsWith('src/pages/') && manifest[key]?.isDynamicEntry,
    );
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages)
      expect(kib(firstLoadBytes([SIGNED_IN_FRAME, page])), page).toBeLessThanOrEqual(ANY_PAGE_MAX_KIB);
  });

  it('the login page as the browser loads it: within its budget, every script brotli-compressed and cached for good', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    const scripts: Array<{ url: string; bytes: number; encoding?: string; cache?: string }> = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    // each finished script is read asynchronously (headers, sizes): the reads are awaited before counting, so a
    // busy machine that answers them late still counts every script
    const reads: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      reads.push(
        (async () => {
          const response = await request.response();
          const headers = (await response?.allHeaders()) ?? {};
          const sizes = await request.sizes();
          scripts.push({
            url: request.url(),
            // what crossed the wire for it, as Lighthouse counts a transfer: headers and compressed body
            bytes: sizes.responseHeadersSize + sizes.responseBodySize,
            encoding: headers['content-encoding'],
            cache: headers['cache-control'],
          });
        })(),
      );
    });
    const document = await page.goto('/bmss/toLogin');
    expect(await document?.headerValue('cache-control')).toBe('no-cache');
    // the page is drawn by its HTML before it asks for its scripts, so a quiet network alone can come before they
    // are asked for on a busy machine: first the app has taken the form over (its submit button enabled), then
    // the network is quiet
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const budget = FIRST_LOAD_BUDGETS.find((b) => b.path === '/bmss/toLogin');
    // the after-paint starter, the entry, the bundler's runtime, React and the sign-in page's chunk
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    expect(scripts.some((script) => /\/assets\/sign-in-[\w-]+\.js$/.test(script.url))).toBe(true);
    const large = scripts.filter((script) => script.bytes > 2048);
    expect(large.every((script) => script.encoding === 'br')).toBe(true);
    expect(scripts.every((script) => script.cache === 'public, max-age=31536000, immutable')).toBe(true);
    const transferred = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(kib(transferred)).toBeLessThanOrEqual(budget?.maxKiB ?? 0);
    // one stylesheet: antd's styles of the components this page draws, not the rest (build/antd-static-css.ts)
    expect(stylesheets.map((url) => new URL(url).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/index-/),
    ]);
    const css = await (await fetch(stylesheets[0] as string)).text();
    expect(css).toContain('.ant-btn');
    expect(css).not.toContain('.ant-table');
    // no table, date picker or chart code on the login page
    expect(
      scripts.some((script) => /\/(table|date-picker|echarts|PrincipalInterestChart)[-.]/i.test(script.url)),
    ).toBe(false);
    await context.close();
  });

  it('an API answer over 1 KB comes compressed', async () => {
    const res = await fetch(`${baseURL()}/api/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});

describe('page code loaded on intent', () => {
  it('pointing at a menu entry fetches its page before the click; the click then needs nothing more', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await login(page, DEMO.loginId, DEMO.password);
    await page.getByRole('menuitem', { name: '交易记录' }).waitFor();
    const fetched = page.waitForRequest((request) => /TradingRecordsPage-[\w-]+\.js$/.test(request.url()));
    await page.getByRole('link', { name: '交易记录' }).hover();
    await fetched;
    const later: string[] = [];
    page.on('request', (request) => {
      if (/TradingRecordsPage-[\w-]+\.js$/.test(request.url())) later.push(request.url());
    });
    await page.getByRole('link', { name: '交易记录' }).click();
    await page.waitForURL('**/trading/tradingRecord');
    expect(later).toEqual([]);
    await context.close();
  });

  it('focusing the password field loads the cipher and the page a sign-in opens', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await page.goto('/bmss/toLogin');
    // the page's HTML comes before its scripts: its handlers are there once the app has started (登录 enabled)
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    const cipher = page.waitForRequest((request) => /\/cipher-[\w-]+\.js$/.test(request.url()));
    const landing = page.waitForRequest((request) => /LoanInfoPage-[\w-]+\.js$/.test(request.url()));
    await page.getByPlaceholder('请输入密码').focus();
    await Promise.all([cipher, landing]);
    await context.close();
  });
});
