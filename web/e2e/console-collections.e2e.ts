import { mkdirSync } from 'node:fs';
import { addDaysIso, shanghaiDate } from '@loan/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { audit } from './axe.ts';
import { api, disbursedLoan } from './borrower-api.ts';
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
import { E2E_USERS, OPS_RISK } from './users.ts';

/**
 * 催收工作台: a borrower who repays actively falls behind (the developers' time travel moves their loan back 50
 * days, so its first instalment is 20-odd days past due by the real clock); the risk operator finds them in the
 * worklist, opens the case, records a promise to pay and sees it in the timeline, on a desktop and a phone.
 */
const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_collect');
if (!USER) throw new Error('e2e_collect missing from users.ts');
const SHOTS = '/tmp/shots';

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The suite's screenshot, and a copy under /tmp/shots for the reviewer. */
async function shot(page: Page, name: string) {
  await animationsDone(page);
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('the collections worklist', () => {
  it('a risk operator opens an overdue case, records a promise to pay and sees it in the timeline', async () => {
    const { rowId, token } = await disbursedLoan({
      loginId: USER.loginId,
      password: USER.password,
      newPassword: 'Collect5678',
      name: USER.name,
      sellerId: 'A3COLLECTS001',
      productCode: 'CGB-KJED',
      amount: '200000.00',
      termMonths: 6,
    });
    // 主动还款 first: nothing is then taken from the store's payouts when the due dates move into the past
    await api('POST', '/lock/paidMethod', token, { paidMethod: 'ACTIVE_REPAY' });
    await api('POST', '/dev/sandbox/backdateLoan', null, { rowId, days: 50 });

    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-console-collections'));
    await signInToConsole(page, OPS_RISK);
    await page.getByText('催收概况').waitFor();
    await page.getByRole('menuitem', { name: '催收工作台' }).click();
    const row = page.getByRole('row').filter({ hasText: USER.loginId });
    await row.getByText('M1', { exact: true }).waitFor();
    expect(await audit(page)).toEqual([]);
    await shot(page, 'collections-worklist-1366');

    await row.getByText(USER.loginId).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `催收案件：${USER.loginId}` });
    await drawer.getByTestId('case-overdue').waitFor();
    await drawer.getByRole('button', { name: '承诺还款' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '记录承诺还款' });
    await animationsDone(page);
    // three days on: within the 30 days allowed whichever side of midnight the server's day is
    const promisedDate = addDaysIso(shanghaiDate(), 3);
    const date = dialog.getByLabel('承诺还款日期');
    await date.click();
    await date.fill(promisedDate);
    await date.press('Enter');
    await dialog.getByLabel('承诺金额（元）').fill('500.00');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const promise = drawer.getByTestId('activity-PROMISE');
    await promise.getByText(`承诺 ${promisedDate} 前还款 500.00 元`).waitFor({ timeout: WAIT });
    await promise.getByText('待兑现').waitFor();
    // the toast of the save gone, so that the screenshots show the drawer's title
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: WAIT });
    expect(await audit(page)).toEqual([]);
    await shot(page, 'collections-case-1366');

    await page.setViewportSize(PHONE);
    await promise.getByText('待兑现').waitFor();
    // the drawer takes the phone's whole width once the layout has seen the new breakpoint
    await expect.poll(() => overflow(page), { timeout: WAIT }).toBeLessThanOrEqual(0);
    await shot(page, 'collections-case-375');
    await drawer.getByRole('button', { name: '关闭' }).click();
    // gone when its closing motion has ended (its mask and panel no longer drawn)
    await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    // the worklist line now carries the promise
    await page.getByRole('row').filter({ hasText: USER.loginId }).getByText(`${promisedDate} 前`).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'collections-worklist-375');
    await context.close();
  });
});
