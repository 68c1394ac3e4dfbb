import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { audit, mainCount } from './axe.ts';
import { signInToConsole } from './console-support.ts';
import {
  animationsDone,
  browserPerFile,
  DESKTOP,
  failureEvidence,
  newPage,
  PHONE,
  screenshot,
  WAIT,
} from './support.ts';
import { DEMO, OPS_ADMIN, OPS_RISK, OPS_SUPPORT } from './users.ts';

const browser = browserPerFile();

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the operator console', () => {
  it('an administrator signs in with the authenticator and finds the sign-in in the audit search', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    onTestFailed(() => failureEvidence(page, 'FAILED-console-admin'));
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

  it('a risk operator finds a borrower by phone, sees them masked, and reveals the phone for a stated reason', async () => {
    const { context, page } = await newPage(browser(), DESKTOP, { fresh: true });
    await signInToConsole(page, OPS_RISK);
    await page.getByRole('menuitem', { name: '借款人查询' }).click();
    await page.getByLabel('查找借款人').fill('13800000001');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('row').filter({ hasText: DEMO.loginId }).getByText(DEMO.loginId).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('field-phone').getByText('138****0001').waitFor({ timeout: WAIT });
    await screenshot(page, 'ops-borrower-desktop');
    await drawer.getByRole('button', { name: '查看完整信息' }).first().click();
    await page.getByLabel('查看原因（将记入审计日志）').fill('借款人来电核对手机号');
    await page.getByRole('button', { name: '查看', exact: true }).click();
    await drawer.getByTestId('field-phone').getByText('13800000001').waitFor({ timeout: WAIT });
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
