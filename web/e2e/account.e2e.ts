import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ApplicationDetail, LoanRecordDetail } from '@loan/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  answer,
  api,
  applicationIn,
  approvedApplication,
  type LoanPlan,
  readyBorrower,
} from './borrower-api.ts';
import { signContractInReader } from './contract-steps.ts';
import {
  animationsDone,
  baseURL,
  browserPerFile,
  DESKTOP,
  failureEvidence,
  login,
  newPage,
  PHONE,
  screenshotDir,
  until,
  WAIT,
} from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * The receiving account and My account: a borrower approved by CGB (whose flow asks for the collection account
 * before signing) follows the bank step to the receiving account page, opens the sub-account (the sandbox bank
 * answers by its signed callback), verifies the settlement account with the small deposit the outbox shows,
 * points the payouts (the sandbox shortcut) and sees 已指向, goes back to sign and is disbursed; a change is then
 * refused with the reason, and My account shows the next instalment, which is repaid now through the cashier.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_account');
if (!USER) throw new Error('e2e_account missing from users.ts');
const PLAN: LoanPlan = {
  loginId: USER.loginId,
  password: USER.password,
  newPassword: 'Account5678',
  name: USER.name,
  sellerId: 'A3ACCTSTORE01',
  productCode: 'CGB-KJED',
  amount: '120000.00',
  termMonths: 6,
};
const RECEIVING = '/lock/toApplyAccountPage';
/** the legal person's phone of the certification readyBorrower fills in */
const LEGAL_PHONE = '13912345670';
const MY_ACCOUNT = '/account/myAccount';

let token = '';
let rowId = 0;
beforeAll(async () => {
  token = await readyBorrower(PLAN);
  rowId = await approvedApplication(PLAN, token);
});

/** The small deposit the sandbox bank "sent", from its message to the borrower's (or the legal person's) phone. */
async function depositAmount(phones: readonly string[]): Promise<string> {
  return until('the small deposit message in the outbox', async () => {
    for (const phone of phones) {
      const res = await fetch(`${baseURL()}/api/dev/outbox?recipient=${encodeURIComponent(phone)}&limit=5`);
      const body = (await res.json()) as { result: Array<{ body: string }> };
      for (const message of body.result) {
        const amount = message.body.match(/入账\s*(0\.\d{2})\s*元/)?.[1];
        if (amount) return amount;
      }
    }
    return undefined;
  });
}

/** Every element of the locator inside the phone's width. */
async function insidePhone(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
}

/** A shot (the full page unless a dialog is open) once the toasts have gone, with transitions finished (a tag's colour changing, a button's). */
async function shot(page: Page, name: string, fullPage = true) {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: WAIT }).toBe(0);
  mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

async function payAtCashier(page: Page, back: string) {
  await page.waitForURL('**/cashier?**');
  await page.getByText('沙箱收银台').waitFor();
  await page.getByRole('button', { name: /确\s?认\s?支\s?付/ }).click();
  const wentBack = (url: URL) => url.pathname === back;
  await Promise.race([page.getByText('支付成功').waitFor(), page.waitForURL(wentBack)]);
  await page.waitForURL(wentBack);
}

describe('receiving account and My account in the browser', () => {
  it('opens the sub-account from the bank step, verifies the settlement account, points payouts, signs, is refused a change and repays from My account', async () => {
    const detail = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
    const bankPath = detail.application.bankPath;
    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-account'));
    await login(page, PLAN.loginId, PLAN.newPassword);

    // the bank's step leads to the receiving account page for CGB
    await page.goto(bankPath);
    await page.getByText('当前步骤：开立收款账户').waitFor();
    await page.getByRole('button', { name: '去开立收款账户' }).click();
    await page.waitForURL(`**${RECEIVING}?**`);
    const open = page.getByRole('form', { name: '开立收款子账户' });
    await open.getByText('深圳明远跨境电子商务有限公司').waitFor();
    expect(await open.getByRole('radio', { name: /广发银行/ }).isChecked()).toBe(true);
    await open.getByRole('button', { name: '申请开立' }).click();
    // the bank answers by its signed callback; the page follows while the account is opening
    const number = page.getByTestId('sub-account-no');
    await expect.poll(() => number.textContent(), { timeout: WAIT }).toMatch(/^\d{4}( \d{1,4}){1,7}$/);

    // the settlement account: a wrong amount is refused near the field, the one the outbox shows verifies it
    const settlement = page.getByRole('form', { name: '结算账户' });
    await settlement.getByLabel('开户银行').fill('招商银行深圳分行');
    await settlement.getByLabel('对公账号').fill('755912345678001');
    await settlement.getByRole('button', { name: '提交并发起小额打款' }).click();
    const verify = page.getByRole('form', { name: '小额打款验证' });
    await verify.getByText(/^还可输入 3 次，共 3 次/).waitFor();
    const amount = await depositAmount([USER.phone, LEGAL_PHONE]);
    await verify.getByLabel('打款金额（元）').fill(amount === '0.01' ? '0.02' : '0.01');
    await verify.getByRole('button', { name: '提交验证' }).click();
    await verify.getByText(/^打款金额不正确，请核对对公账户的入账金额后重新输入/).waitFor();
    await verify.getByText(/^还可输入 2 次，共 3 次/).waitFor();
    await verify.getByLabel('打款金额（元）').fill(amount);
    await verify.getByRole('button', { name: '提交验证' }).click();
    await page.getByText('已验证', { exact: true }).first().waitFor();

    // the payouts pointed in the sandbox seller's back office, then checked: 已指向
    const payout = page.getByTestId('payout-card');
    await payout.getByRole('button', { name: '模拟在卖家后台完成指向' }).click();
    await payout.getByText('已指向').first().waitFor();
    await shot(page, 'account-receiving-desktop');

    // back to the application: the step is done, the contract is signed and the bank disburses
    await page.getByRole('button', { name: '返回借款申请' }).click();
    await page.waitForURL((url) => url.pathname === bankPath);
    await signContractInReader(page);
    await applicationIn(token, rowId, 'DISBURSED');
    const record = await api<LoanRecordDetail>('GET', '/loanMgr/loanRecordDetail', token, { rowId });
    const loanId = record.loan?.loanId;
    const [first, second] = record.instalments;
    if (!loanId || !first || !second) throw new Error('the loan has no schedule');

    // locked while the loan is outstanding: a change is refused with the reason, by the page and the server
    await page.goto(RECEIVING);
    const banner = page.getByTestId('lock-banner');
    await banner.getByText(/笔贷款尚未结清/).waitFor();
    await page.getByRole('button', { name: '变更收款账户' }).click();
    const refusal = page.getByRole('dialog');
    await refusal.locator('.ant-modal-confirm-title', { hasText: '收款账户已锁定，暂不能变更' }).waitFor();
    await refusal
      .getByText(/笔贷款尚未结清/)
      .first()
      .waitFor();
    await shot(page, 'account-locked-desktop', false);
    await animationsDone(page);
    await refusal.getByRole('button', { name: /知道了/ }).click();
    const refused = await answer('POST', '/lock/openSubAccount', token, { bankCode: 'CGB' });
    expect(refused.response.rspCode).toBe('2103');
    expect(refused.response.rspDesc).toMatch(/尚未结清|锁定/);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('sub-account-no').waitFor();
    await insidePhone(page, 'sub-account-no');
    await shot(page, 'account-receiving-phone');
    await page.setViewportSize(DESKTOP);

    // My account: the next instalment, repaid now through the cashier
    await page.goto(MY_ACCOUNT);
    const next = page.getByTestId('owed-next-due');
    await next.getByText(first.dueDate).first().waitFor();
    await page
      .getByTestId('receiving-status')
      .getByText(/广发银行|已开立|已指向/)
      .first()
      .waitFor();
    await shot(page, 'account-my-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('owed-next-amount').waitFor();
    for (const id of ['owed-next-amount', 'owed-principal', 'owed-overdue', 'owed-fees'])
      await insidePhone(page, id);
    await shot(page, 'account-my-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByTestId(`repay-now-${loanId}-1`).click();
    const repay = page.getByRole('dialog');
    await repay.getByText(/立即还款 · 第 1 期/).waitFor();
    await animationsDone(page);
    await repay.getByRole('button', { name: /确认还款/ }).click();
    await payAtCashier(page, MY_ACCOUNT);
    await next.getByText(second.dueDate).first().waitFor();
    await page.getByTestId(`repay-now-${loanId}-1`).waitFor({ state: 'detached' });
    await shot(page, 'account-my-repaid-desktop');
    await context.close();
  });
});
