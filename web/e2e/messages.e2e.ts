import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, bankHold, type LoanPlan, readyBorrower, submittedApplication } from './borrower-api.ts';
import { browserPerFile, DESKTOP, expectTitle, failureEvidence, login, newPage, PHONE } from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * The message centre: the header's bell counts the borrower's unread notices by itself (it asks again every few
 * seconds); the bank's approval writes a notice, the bell rises, the message centre lists it and opening it marks
 * it read and lands on the application's page. The channel choices are saved on the server.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_messages');
if (!USER) throw new Error('e2e_messages missing from users.ts');

const PLAN: LoanPlan = {
  loginId: USER.loginId,
  password: USER.password,
  newPassword: 'Messages5678',
  name: USER.name,
  sellerId: 'A3MESSAGES01',
  productCode: 'CGB-KJED',
  amount: '100000.00',
  termMonths: 6,
};

const SHOTS = '/tmp/shots';

/** Full-page screenshots at 1366 and 375 px wide, for looking at. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [suffix, viewport] of [
    ['1366', { width: 1366, height: 800 }],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
    await page.screenshot({ path: `${SHOTS}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The header's bell, by the name that says its count. */
const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

let token = '';

describe('the message centre', () => {
  it('the bell rises when the bank approves; the notice opens the application and is read', async ({
    onTestFailed,
  }) => {
    token = await readyBorrower(PLAN);
    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-messages'));
    await login(page, PLAN.loginId, PLAN.newPassword);
    // what the way here said (the password change, the sign-in) is read: the bell starts at nothing
    const browserToken = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    await api('POST', '/notices/readAll', browserToken, {});
    // the bank holds its decision until the page has shown the bell without it
    const rowId = await submittedApplication(PLAN, token, { heldByBank: true });
    await page.goto('/account/myAccount');
    await bell(page, '消息中心，没有未读消息').waitFor();

    await bankHold(rowId, false);
    // the bell asks again by itself: no reload
    await bell(page, '消息中心，1 条未读').waitFor();
    await shots(page, 'header-bell');

    await bell(page, '消息中心，1 条未读').click();
    await page.waitForURL('**/account/messages');
    await expectTitle(page, '消息中心');
    const approved = page.getByRole('button', { name: /借款申请已通过，请签署合同/ });
    await approved.waitFor();
    expect(await approved.getAttribute('class')).toContain('notice-row-unread');
    await page.getByText('逾期通知为法定通知，不能关闭').waitFor();
    await shots(page, 'messages');
    for (const [suffix, viewport] of [
      ['1366', { width: 1366, height: 800 }],
      ['375', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => document.fonts.ready);
      await page.locator('#notice-settings').screenshot({ path: `${SHOTS}/messages-settings-${suffix}.png` });
    }
    await page.setViewportSize(DESKTOP);

    await approved.click();
    await page.waitForURL(`**/auditing?rowId=${rowId}`);
    await page.getByRole('heading', { level: 3, name: '审批通过', exact: true }).waitFor();
    await bell(page, '消息中心，没有未读消息').waitFor();
    await context.close();
  });

  it('通知设置: an optional channel turned off stays off; the overdue notices stay locked on', async ({
    onTestFailed,
  }) => {
    const { context, page } = await newPage(browser(), PHONE);
    onTestFailed(() => failureEvidence(page, 'FAILED-messages-settings'));
    await login(page, PLAN.loginId, PLAN.newPassword);
    await page.goto('/account/messages');
    const sms = page.getByRole('switch', { name: '还款提醒短信通知' });
    await sms.waitFor();
    expect(await sms.getAttribute('aria-checked')).toBe('true');
    await sms.click();
    await page.getByText('通知设置已保存').waitFor();
    await page.reload();
    await expect.poll(() => sms.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: '逾期通知短信通知' }).isDisabled()).toBe(true);
    const saved = await api<{ categories: Array<{ category: string; sms: boolean | null }> }>(
      'GET',
      '/notices/preferences',
      token,
    );
    expect(saved.categories.find((c) => c.category === 'REPAYMENT')?.sms).toBe(false);
    await context.close();
  });
});
