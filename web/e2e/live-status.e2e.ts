import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bankHold,
  type LoanPlan,
  openedSubAccount,
  readyBorrower,
  signContract,
  submittedApplication,
} from './borrower-api.ts';
import { browserPerFile, DESKTOP, expectTitle, failureEvidence, login, newPage, PHONE } from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * Statuses that update themselves: /auditing turns from 审核中 to 审批通过 when the sandbox bank's decision arrives,
 * and the bank page after signing turns to 已放款 with the amount lent and a link to the loan — both in the same
 * document, never reloaded. The bank holds each answer (bankHold) until the page has shown the state before it, so
 * the test sees that state however slow the machine, then the server's timer delivers the answer.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_live');
if (!USER) throw new Error('e2e_live missing from users.ts');

const PLAN: LoanPlan = {
  loginId: USER.loginId,
  password: USER.password,
  newPassword: 'Live654321',
  name: USER.name,
  sellerId: 'A3LIVESTATUS1',
  productCode: 'CGB-KJED',
  amount: '100000.00',
  termMonths: 6,
};

const SHOTS = '/tmp/shots13';

/** Full-page screenshots at 1366 and 375 px wide, for looking at. */
async function shots(page: Page, name: string) {
  for (const [suffix, viewport] of [
    ['1366', { width: 1366, height: 800 }],
    ['375', { width: PHONE.width, height: PHONE.height }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Moves the single-page app to `path` the way its own links do (history + popstate): no document load. */
async function inAppTo(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 3, name, exact: true });

describe('statuses that update themselves', () => {
  it('/auditing turns to 审批通过, the signed bank page to 已放款 with the amount and a link to the loan, without a reload', async ({
    onTestFailed,
  }) => {
    const token = await readyBorrower(PLAN);
    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-live-status'));
    await login(page, PLAN.loginId, PLAN.newPassword);
    await page.goto('/auditing');
    await page.getByText('暂无审核中的申请').waitFor();
    // a mark in this document: still there at the end means the page was never reloaded
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });

    // the bank holds its decision until the page has shown 审核中, however slow the machine
    const rowId = await submittedApplication(PLAN, token, { heldByBank: true });
    await inAppTo(page, `/auditing?rowId=${rowId}`);
    await heading(page, '审核中').waitFor();
    await expectTitle(page, '审核中');
    // the bank decides now; the page asks again by itself
    await bankHold(rowId, false);
    await heading(page, '审批通过').waitFor();
    await expectTitle(page, '审批通过');
    await page.getByText('审批金额：100,000.00 元').waitFor();
    await expect.poll(() => heading(page, '审核中').count()).toBe(0);
    await shots(page, 'live-auditing-approved');

    // CGB's next step is the receiving account (its flow says so): the bank page while approved (its code
    // loaded), back to /auditing; then the account is opened and the contract is signed
    await page.getByText(/下一步：开立收款账户/).waitFor();
    // the button names the next step: the account first, the contract once the account is open
    const next = page.getByRole('button', { name: /^去(开立收款账户|签署借款合同)$/ });
    await next.click();
    await page.getByText('申请步骤').waitFor();
    await page.goBack();
    await heading(page, '审批通过').waitFor();
    await openedSubAccount(token, 'CGB');
    // the money held back until the page has shown that it waits for it
    await bankHold(rowId, true);
    await signContract(token, rowId);
    await next.click();
    // signed: the page waits for the money, then shows it without a reload
    const disbursed = page.getByTestId('disbursed-amount');
    await page.getByText(/放款结果会自动显示在本页/).waitFor();
    expect(await disbursed.count()).toBe(0);
    await bankHold(rowId, false);
    await disbursed.waitFor();
    expect(await disbursed.textContent()).toContain('放款金额：100,000.00 元');
    await page.locator('.ant-card-extra').getByText('已放款').waitFor();
    await shots(page, 'live-disbursed');

    expect(documentLoads).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // the link opens the loan's detail: its terms and the loan's own status
    await page.getByRole('link', { name: '查看借款详情' }).click();
    await page.waitForURL(`**/record/loanRecordDetail?rowId=${rowId}`);
    const terms = page.locator('.ant-card').filter({ hasText: '借款本金' }).first();
    await terms.getByText('100,000.00 元').first().waitFor();
    await page.locator('.ant-card-extra').getByText('还款中').first().waitFor();
    await context.close();
  });
});
