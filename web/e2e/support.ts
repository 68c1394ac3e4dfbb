import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { DIRECT_LOGIN_SECRET } from './users.ts';

/**
 * The server of this test file: each worker (VITEST_POOL_ID 1, 2 …) has one of its own, with its own database, so
 * files running at the same time never share a server (the collections trigger moves every loan of a server).
 */
export const baseURL = () => {
  const servers = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = servers[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % servers.length];
  if (!url) throw new Error('no e2e server');
  return url;
};
export const screenshotDir = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

export const PHONE = { width: 375, height: 812 };

/**
 * How long a browser step may wait for its condition (an element, a URL, a title). Generous: two cores shared by
 * Chromium, the server and other suites make a lazy route or an API call take seconds; a step that passes returns as
 * soon as its condition holds, so only a failing one ever waits this long.
 */
export const WAIT = 45_000;

/**
 * Waits until the page's finite CSS animations and transitions have ended (a dialog zooming in from the button
 * that opened it): a click then lands where its button stays. On a busy machine a click during the zoom can
 * land beside the moving button and do nothing.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/**
 * Waits until an antd popup (a dropdown menu `.ant-dropdown`, a select list `.ant-select-dropdown`) is open and
 * stands where it will stay. The popup is first rendered unaligned, then aligned to its trigger, then slides in;
 * on a busy machine the browser can see it still for two frames before it moves, and a click then presses on the
 * item and releases on whatever the item has left (seen: the logout menu item pressed, the header released).
 */
export async function popupSettled(
  page: Page,
  popup: '.ant-dropdown' | '.ant-select-dropdown',
): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll(selector)].some(
        (element) =>
          !/-hidden\b/.test(element.className) &&
          !/\bant-[\w-]+-(appear|enter|leave)\b/.test(element.className) &&
          element.getBoundingClientRect().height > 0,
      ),
    popup,
    { timeout: WAIT },
  );
  await animationsDone(page);
}

/**
 * Calls `attempt` until it returns something other than undefined, `everyMs` apart, within `withinMs`; then throws
 * with `what`. For conditions outside the page (the outbox, an application's state on the server).
 */
export async function until<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  { withinMs = WAIT, everyMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
export const DESKTOP = { width: 1366, height: 900 };

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** One Chromium for the test file: launched before its tests, closed after them. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  };
}

/** A test's pages: closing it closes them, and a context of the test's own with them. */
export interface TestPages {
  /** another page (tab) of the same browsing context: its own sessionStorage, the same cache */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

async function browsingContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: DESKTOP,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT);
  return context;
}

/** the file's browsing context, shared by its tests' pages */
const shared = new WeakMap<Browser, Promise<BrowserContext>>();

/**
 * A page for a test. Its tests' pages share one browsing context per file: the app keeps its session in
 * sessionStorage, which is each page's own (no cookie, no localStorage), while the scripts' cache and compiled
 * code carry over, so a page after the first starts the app for a quarter of the CPU (four browsers and their
 * servers share two cores). `fresh` gives the test a context of its own: a cold cache, for tests of what a first
 * load fetches.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  { fresh = false } = {},
): Promise<{ context: TestPages; page: Page }> {
  let context: BrowserContext;
  if (fresh) context = await browsingContext(browser);
  else {
    const existing = shared.get(browser) ?? browsingContext(browser);
    shared.set(browser, existing);
    context = await existing;
  }
  const pages: Page[] = [];
  const open = async () => {
    const page = await context.newPage();
    pages.push(page);
    if (viewport !== DESKTOP) await page.setViewportSize(viewport);
    keepJournal(page);
    return page;
  };
  const page = await open();
  const close = async () => {
    if (fresh) await context.close();
    else await Promise.all(pages.map((p) => p.close()));
  };
  return { context: { newPage: open, close }, page };
}

/** What each page did lately, for a failed test's output: its API answers, navigations, errors, failed requests. */
const journals = new WeakMap<Page, { lines: string[]; pending: Map<object, string> }>();

function keepJournal(page: Page) {
  const journal = { lines: [] as string[], pending: new Map<object, string>() };
  const add = (line: string) => {
    journal.lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (journal.lines.length > 80) journal.lines.shift();
  };
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  const api = (url: string) => new URL(url).pathname;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      add(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().startsWith('http'))
      journal.pending.set(request, `${request.method()} ${api(request.url())}`);
  });
  page.on('response', (response) => {
    if (isApi(response.url()))
      add(`${response.status()} ${response.request().method()} ${api(response.url())}`);
  });
  page.on('requestfinished', (request) => journal.pending.delete(request));
  page.on('requestfailed', (request) => {
    journal.pending.delete(request);
    add(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
  journals.set(page, journal);
}

/**
 * A failed test's evidence: a screenshot (test-output/screenshots/<name>.png) and, in the test's output, the
 * page's address and its recent journal (API answers, navigations, errors, requests still unanswered).
 */
export async function failureEvidence(page: Page, name: string) {
  const journal = journals.get(page);
  console.error(
    [
      `[${name}] the page is at ${page.url()}; its last events:`,
      ...(journal?.lines ?? []),
      `requests still unanswered: ${[...(journal?.pending.values() ?? [])].join(', ') || 'none'}`,
    ].join('\n'),
  );
  await screenshot(page, name);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  // from the top: a full-page shot of a scrolled page draws the sticky header and menu where they stood
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Signs in through the login form and waits until the app has left the login page. */
export async function login(page: Page, loginId: string, password: string) {
  await page.goto('/bmss/toLogin');
  await page.getByPlaceholder('请输入登录账号').fill(loginId);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/bmss/toLogin'), { timeout: WAIT });
}

/** Waits until document.title equals the route's title. */
export async function expectTitle(page: Page, title: string) {
  await page.waitForFunction((t) => document.title === t, title, { timeout: WAIT });
}

/** The newest 6-digit code the sandbox outbox sent to a recipient, if any. */
export async function sentCode(recipient: string): Promise<string | undefined> {
  const res = await fetch(`${baseURL()}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`);
  const body = (await res.json()) as { result: Array<{ body: string }> };
  return body.result[0]?.body.match(/\b(\d{6})\b/)?.[1];
}

/** The newest 6-digit code the sandbox outbox sent to a recipient. */
export async function latestCode(recipient: string): Promise<string> {
  const code = await sentCode(recipient);
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** Waits until the sandbox outbox holds a code for the recipient, and returns it. */
export function codeSentTo(recipient: string): Promise<string> {
  return until(`a code sent to ${recipient}`, () => sentCode(recipient));
}

/** A partner's one-time password-free login ticket, signed the way the contract says. */
export function directLoginTicket(loginId: string, expiresInSeconds = 300): string {
  const payload = Buffer.from(
    JSON.stringify({
      loginId,
      exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
      nonce: randomBytes(12).toString('hex'),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', DIRECT_LOGIN_SECRET).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/**
 * Signs in a user the operator CLI created (temporary password) and changes the password on the forced
 * /account/reset page; ends on /apply/LoanInfo.
 */
export async function signInFirstTime(page: Page, loginId: string, password: string, newPassword: string) {
  await login(page, loginId, password);
  await page.waitForURL('**/account/reset');
  await page.getByPlaceholder('请输入原密码').fill(password);
  await page.getByPlaceholder('请输入新密码').fill(newPassword);
  await page.getByPlaceholder('请再次输入新密码').fill(newPassword);
  await page.getByRole('button', { name: /确\s*认\s*修\s*改|提\s*交/ }).click();
  await page.waitForURL('**/apply/LoanInfo');
}

/** The entries of a zip (an xlsx) as UTF-8 text. */
export function zipEntries(zip: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, data]) => [name, strFromU8(data)]));
}
