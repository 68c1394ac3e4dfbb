/**
 * `npm run bench:web`: how the portal loads on a phone. Builds the web app (production), starts the real server
 * as `npm start` does (embedded database in a fresh temporary DATA_DIR, demo data), and runs Lighthouse with the
 * system Chromium and its mobile defaults (simulated slow 4G, 4× slower CPU) on the pages below, BENCH_WEB_RUNS
 * times each (default 3). Signed-in pages are audited in a tab that signed in through the login page first (the
 * session record lives in sessionStorage, per tab); the HTTP cache is cleared before each audit, so every audit is
 * a first load. Prints, per page, the median run's scores, metrics and JavaScript bytes, and writes them into
 * docs/BENCHMARKS.md between the bench:web markers.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startServer } from './bench-server.ts';
import { type PageFigures, webReport } from './report.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO = { loginId: 'demo', password: 'Demo1234' };
/** optional: audit only the pages whose path contains one of these (comma-separated) */
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
/** optional: a directory for each run's full Lighthouse report (JSON) */
const LHR_DIR = process.env.BENCH_WEB_LHR_DIR;

/** The pages audited and their targets (Lighthouse mobile performance). */
export const AUDITED_PAGES = [
  { path: '/bmss/toLogin', signedIn: false, target: 95 },
  { path: '/apply/LoanInfo', signedIn: true, target: 90 },
  { path: '/record/loanRecord', signedIn: true, target: 90 },
  { path: '/account/myAccount', signedIn: true, target: 90 },
] as const;

/** Signs in through the login page, as a borrower does; the tab keeps the session record. */
async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/bmss/toLogin`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', DEMO.loginId);
  await page.type('input[autocomplete="current-password"]', DEMO.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/apply/LoanInfo', { timeout: 60_000 }),
    page.click('button[type="submit"]'),
  ]);
}

interface Run extends PageFigures {
  benchmarkIndex: number;
}

function figures(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Run {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details as
    | { items: Array<{ resourceType: string; transferSize: number; requestCount: number }> }
    | undefined;
  const scripts = summary?.items.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    siMs: numeric('speed-index'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    scriptBytes: scripts?.transferSize ?? Number.NaN,
    scriptRequests: scripts?.requestCount ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function main() {
  if (process.env.SKIP_WEB_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-web-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=zh-CN'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results: Array<{ path: string; target: number; median: Run; performances: number[] }> = [];
  try {
    for (const audited of AUDITED_PAGES.filter((p) => !ONLY || ONLY.some((o) => p.path.includes(o)))) {
      const runs: Run[] = [];
      let failures = 0;
      for (let n = 0; n < RUNS; n += 1) {
        const page = await browser.newPage();
        if (audited.signedIn) {
          await signIn(page, server.base);
          // a first load: nothing of the sign-in's downloads stays in the cache
          const cdp = await page.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.detach();
        }
        const result = await lighthouse(
          `${server.base}${audited.path}`,
          {
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // signed in: keep the tab's session record (the cache was cleared above)
            disableStorageReset: audited.signedIn,
          },
          undefined,
          page,
        );
        if (!result) throw new Error(`no Lighthouse result for ${audited.path}`);
        // an audit Lighthouse could not finish has no score: said, and run again rather than counted as 0
        const failure =
          result.lhr.runtimeError?.message ??
          (result.lhr.categories.performance?.score == null ? 'no performance score' : null);
        if (failure) {
          console.warn(
            `${audited.path} run ${n + 1}/${RUNS}: Lighthouse could not score it (${failure}); again`,
          );
          await page.close();
          failures += 1;
          if (failures > RUNS) throw new Error(`${audited.path}: Lighthouse failed ${failures} times`);
          n -= 1;
          continue;
        }
        const run = figures(result.lhr);
        if (LHR_DIR) mkdirSync(LHR_DIR, { recursive: true });
        if (LHR_DIR)
          writeFileSync(
            join(LHR_DIR, `${audited.path.replace(/\W+/g, '-')}-${n + 1}.json`),
            JSON.stringify(result.lhr),
          );
        const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (finalPath !== audited.path) throw new Error(`${audited.path} ended on ${finalPath}`);
        runs.push(run);
        console.log(
          `${audited.path} run ${n + 1}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}`,
        );
        await page.close();
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as Run;
      results.push({
        path: audited.path,
        target: audited.target,
        median,
        performances: runs.map((r) => r.performance),
      });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const report = webReport({
    date: new Date().toISOString().slice(0, 10),
    chromium: version,
    runs: RUNS,
    benchmarkIndex: Math.round(
      results.reduce((sum, r) => sum + r.median.benchmarkIndex, 0) / Math.max(results.length, 1),
    ),
    pages: results,
  });
  console.log(`\n${report}`);
  const file = join(repoRoot, 'docs', 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md lacks the ${start} … ${end} markers`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${report}\n${text.slice(to)}`);
  console.log('written to docs/BENCHMARKS.md');
}

await main();
