/**
 * `npm run bench:console`: Lighthouse's accessibility audit of the operator console, desktop settings, on its
 * sign-in and on its main queue (退款审核, signed in as the demo administrator with the authenticator's code).
 * Builds the console, starts the real server as `npm start` does (embedded database in a fresh DATA_DIR, demo
 * data), and prints each page's score and any failed audit. Exits 1 below the target (90).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { generateSync } from 'otplib';
import puppeteer, { type Page } from 'puppeteer-core';
import { startServer } from './bench-server.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGET = 90;
const ADMIN = { loginId: 'ops-admin', password: 'Console2026', secret: 'LOANDEMOADMINOPSQQQQQQQQQQQQQQQQ' };
const PAGES = [
  { path: '/ops/login', signedIn: false, ready: '登录账号' },
  { path: '/ops/refunds', signedIn: true, ready: '退款审核' },
] as const;

/** Password, then the authenticator's code of the next step (never one a previous run took). */
async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/ops/login`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', ADMIN.loginId);
  await page.type('input[autocomplete="current-password"]', ADMIN.password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('input[autocomplete="one-time-code"]');
  const code = generateSync({ secret: ADMIN.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.type('input[autocomplete="one-time-code"]', code);
  await Promise.all([
    page.waitForFunction(() => document.body.innerText.includes('我的权限'), { timeout: 60_000 }),
    page.click('button[type="submit"]'),
  ]);
}

for (const workspace of ['web', 'console']) {
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-console-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=zh-CN'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
let failed = false;
try {
  for (const audited of PAGES) {
    const page = await browser.newPage();
    if (audited.signedIn) await signIn(page, server.base);
    const result = await lighthouse(
      `${server.base}${audited.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        disableStorageReset: audited.signedIn,
      },
      desktopConfig,
      page,
    );
    const score = Math.round((result?.lhr.categories.accessibility?.score ?? 0) * 100);
    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    console.log(
      `[bench:console] ${audited.path}: accessibility ${score} (target ${TARGET})${failing.length ? `; failed: ${failing.join(', ')}` : ''}; Lighthouse ${result?.lhr.lighthouseVersion}`,
    );
    for (const id of failing) {
      const items =
        (result?.lhr.audits[id]?.details as { items?: Array<{ node?: { snippet?: string } }> })?.items ?? [];
      for (const item of items.slice(0, 5)) console.log(`  ${id}: ${item.node?.snippet ?? ''}`);
    }
    if (score < TARGET) failed = true;
    await page.close();
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
