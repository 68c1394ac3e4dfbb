import { describe, expect, it } from 'vitest';
import { audit, mainCount } from './axe.ts';
import { browserPerFile, expectTitle, failureEvidence, login, newPage, PHONE } from './support.ts';
import { DEMO } from './users.ts';

/**
 * Every page's frame has one `main` landmark, and axe-core (the engine of Lighthouse's accessibility audit) finds
 * nothing against WCAG 2 A/AA on the pages a borrower opens first: the sign-in pages, the error page and the
 * signed-in frame, on a desktop and on a phone.
 */
const browser = browserPerFile();
const SIGNED_OUT = [
  { path: '/bmss/toLogin', title: '登录' },
  { path: '/materialLogin', title: '资料录入' },
  { path: '/user/forgot', title: '找回密码' },
  { path: '/404', title: '页面不存在' },
];
const SIGNED_IN = [
  { path: '/apply/LoanInfo', title: '贷款信息' },
  { path: '/record/loanRecord', title: '贷款记录' },
  { path: '/account/myAccount', title: '我的账户' },
];

describe('accessibility', () => {
  for (const viewport of [undefined, PHONE]) {
    const device = viewport ? 'phone' : 'desktop';
    it(`signed out (${device}): one main, no axe violations`, async () => {
      const { context, page } = await newPage(browser(), viewport);
      try {
        for (const { path, title } of SIGNED_OUT) {
          await page.goto(path);
          await expectTitle(page, title);
          await page.locator('main').first().waitFor();
          expect(`${path}: ${await mainCount(page)}`).toBe(`${path}: 1`);
          expect(await audit(page), path).toEqual([]);
        }
      } catch (error) {
        await failureEvidence(page, `a11y-signed-out-${device}`);
        throw error;
      } finally {
        await context.close();
      }
    });

    it(`signed in (${device}): one main, no axe violations`, async () => {
      const { context, page } = await newPage(browser(), viewport);
      try {
        await login(page, DEMO.loginId, DEMO.password);
        for (const { path, title } of SIGNED_IN) {
          await page.goto(path);
          await expectTitle(page, title);
          await page.locator('.page-body').waitFor();
          await page.waitForLoadState('networkidle');
          expect(`${path}: ${await mainCount(page)}`).toBe(`${path}: 1`);
          expect(await audit(page), path).toEqual([]);
        }
      } catch (error) {
        await failureEvidence(page, `a11y-signed-in-${device}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
