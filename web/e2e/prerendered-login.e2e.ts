import { describe, expect, it } from 'vitest';
import { baseURL, browserPerFile, DESKTOP, login, newPage, WAIT } from './support.ts';
import { DEMO } from './users.ts';

/**
 * The sign-in page is rendered to HTML by the build (src/app/prerendered.ts): a phone paints it from the HTML and
 * the stylesheet before any script has run, and the app then takes that HTML over (hydrates it) instead of
 * drawing the page again.
 */
const browser = browserPerFile();
const SUBMIT = 'button[type="submit"]';

describe('the sign-in page rendered ahead', () => {
  it('its HTML holds the styled sign-in form, shown with scripts turned off', async () => {
    const html = await (await fetch(`${baseURL()}/bmss/toLogin?redirect=%2Frecord%2FloanRecord`)).text();
    expect(html).toContain('data-prerendered="/bmss/toLogin"');
    expect(html).toContain('账号登录');
    expect(html).toContain('placeholder="请输入登录账号"');

    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/bmss/toLogin');
    await page.getByPlaceholder('请输入登录账号').waitFor({ timeout: WAIT });
    await page.getByPlaceholder('请输入密码').waitFor({ timeout: WAIT });
    // antd's stylesheet applies: the large button's rounded corners, the card's white
    const styles = await page.evaluate(() => ({
      button: getComputedStyle(document.querySelector('button[type="submit"]') as Element).borderRadius,
      card: getComputedStyle(document.querySelector('.auth-card') as Element).backgroundColor,
    }));
    expect(styles).toEqual({ button: '8px', card: 'rgb(255, 255, 255)' });
    // waiting for the app, the button does not submit the bare form
    expect(await page.locator(SUBMIT).isDisabled()).toBe(true);
    await context.close();
  });

  it('paints from its HTML before it asks for the scripts', async () => {
    const html = await (await fetch(`${baseURL()}/bmss/toLogin`)).text();
    expect(html).not.toContain('modulepreload');
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await page.goto('/bmss/toLogin');
    await page.locator(`${SUBMIT}:not([disabled])`).waitFor({ timeout: WAIT });
    const times = await page.evaluate(() => ({
      // when the page's rendering was done (startTime is when the screen showed it, which may come later)
      paint:
        (performance.getEntriesByName('first-contentful-paint')[0] as { paintTime?: number } | undefined)
          ?.paintTime ?? -1,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(react|sign-in|index)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(times.paint).toBeGreaterThan(0);
    expect(times.scripts).toHaveLength(3);
    for (const start of times.scripts) expect(start).toBeGreaterThan(times.paint);
    await context.close();
  });

  it('what is typed before the scripts run is kept, and the app takes the HTML over instead of drawing it again', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // React's chunk waits until the borrower has typed
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });

    await page.goto('/bmss/toLogin', { waitUntil: 'commit' });
    await page.getByPlaceholder('请输入登录账号').fill(DEMO.loginId);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await page.evaluate(() => {
      (window as unknown as { drawnByHtml: Element | null }).drawnByHtml =
        document.querySelector('.auth-card');
    });
    expect(await page.locator(SUBMIT).isDisabled()).toBe(true);
    release();

    await page.locator(`${SUBMIT}:not([disabled])`).waitFor({ timeout: WAIT });
    const sameCard = await page.evaluate(
      () =>
        (window as unknown as { drawnByHtml: Element | null }).drawnByHtml ===
        document.querySelector('.auth-card'),
    );
    expect(sameCard).toBe(true);
    await page.locator(SUBMIT).click();
    await page.waitForURL('**/apply/LoanInfo', { timeout: WAIT });
    expect(problems).toEqual([]);
    // the page after it comes with antd's other styles (build/antd-static-css.ts): its cards are drawn as cards
    await page.locator('.ant-card').first().waitFor({ timeout: WAIT });
    const card = await page.evaluate(() => ({
      more: [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/antd-more-styles-')),
      radius: getComputedStyle(document.querySelector('.ant-card') as Element).borderTopLeftRadius,
    }));
    expect(card).toEqual({ more: true, radius: '8px' });
    await context.close();
  });

  it('takes the page over with no router, query or antd code; a link then opens its page in place, and Back returns to the form', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/bmss/toLogin');
    await page.locator(`${SUBMIT}:not([disabled])`).waitFor({ timeout: WAIT });
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/sign-in-[\w-]+\.js$/.test(path))).toBe(true);
    // the app's start (app/start.tsx), not the page's after-paint starter
    expect(
      scripts.filter((path) => /\/assets\/(framework|antd-core|start)-(?!after-paint)/.test(path)),
    ).toEqual([]);
    expect(await page.title()).toBe('登录');

    // one document from here on: the app is drawn in place of the sign-in page, not loaded again
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL('**/user/forgot', { timeout: WAIT });
    await page.waitForFunction(() => document.title === '找回密码', undefined, { timeout: WAIT });
    expect(await sameDocument()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/bmss/toLogin', { timeout: WAIT });
    // the router draws the sign-in page again once its code has loaded (the forgot page has an account field too)
    await page.getByText('账号登录').waitFor({ timeout: WAIT });
    await page.getByPlaceholder('请输入登录账号').fill(DEMO.loginId);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await page.locator(SUBMIT).click();
    await page.waitForURL('**/apply/LoanInfo', { timeout: WAIT });
    await page.getByText(DEMO.name).first().waitFor({ timeout: WAIT });
    expect(await sameDocument()).toBe(true);
    await context.close();
  });

  it('someone signed in opening it sees the page drawn for them (您已登录为…)', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await login(page, DEMO.loginId, DEMO.password);
    await page.goto('/bmss/toLogin');
    await page.getByText(`您已登录为 ${DEMO.name}`).waitFor({ timeout: WAIT });
    await context.close();
  });
});
