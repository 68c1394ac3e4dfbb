import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, mainCount } from './axe.ts';
import { signInToConsole } from './console-support.ts';
import { animationsDone, browserPerFile, DESKTOP, newPage, PHONE, screenshot, WAIT } from './support.ts';
import { OPS_ADMIN, OPS_SUPPORT } from './users.ts';

const browser = browserPerFile();

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the operator console', () => {
  it('an administrator signs in with the authenticator and finds the sign-in in the audit search', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await page.goto('/ops/');
    await page.getByLabel('登录账号').waitFor({ timeout: WAIT });
    expect(await mainCount(page)).toBe(1);
    expect(await audit(page)).toEqual([]);
    await screenshot(page, 'ops-login-desktop');
    await signInToConsole(page, OPS_ADMIN);
    await page.getByText(OPS_ADMIN.name).first().waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['opsSession']);
    await screenshot(page, 'ops-home-desktop');

    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.getByLabel('动作').fill('ops.login.success');
    await page.getByLabel('登录账号').fill(OPS_ADMIN.loginId);
    await page.getByRole('button', { name: '查询' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: '运营人员登录' })
      .filter({ hasText: OPS_ADMIN.loginId });
    await row.first().waitFor({ timeout: WAIT });
    await expect(page.getByRole('row').filter({ hasText: '运营人员密码验证通过' }).count()).resolves.toBe(0);
    expect(await mainCount(page)).toBe(1);
    expect(await audit(page)).toEqual([]);
    await screenshot(page, 'ops-audit-desktop');
    // the same search as a workbook
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^审计日志-\d{14}\.xlsx$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    await page.getByRole('menuitem', { name: '运营人员与角色' }).click();
    await page.getByText(OPS_SUPPORT.name).waitFor({ timeout: WAIT });
    await screenshot(page, 'ops-operators-desktop');

    await page.getByRole('button', { name: '退出' }).click();
    await page.getByRole('button', { name: '下一步' }).waitFor({ timeout: WAIT });
    expect(await page.evaluate(() => sessionStorage.getItem('opsSession'))).toBeNull();
    await context.close();
  });

  it('a support operator on a phone sees only what the role opens, and 没有权限 elsewhere', async () => {
    const { context, page } = await newPage(browser(), PHONE, { fresh: true });
    await signInToConsole(page, OPS_SUPPORT);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const menu = page.getByRole('navigation', { name: '运营后台菜单' });
    await menu.getByText('工作台').waitFor({ timeout: WAIT });
    expect(await menu.getByText('审计日志').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'ops-menu-phone');
    await page.goto('/ops/audit');
    await page.getByText('没有权限').waitFor({ timeout: WAIT });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'ops-forbidden-phone');
    await context.close();
  });
});
