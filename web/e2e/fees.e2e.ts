import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { disbursedLoan } from './borrower-api.ts';
import {
  animationsDone,
  browserPerFile,
  DESKTOP,
  failureEvidence,
  login,
  newPage,
  PHONE,
  screenshot,
  screenshotDir,
  WAIT,
} from './support.ts';
import { DEMO, E2E_USERS } from './users.ts';

/**
 * The money the platform takes in and gives back: a borrower with a disbursed loan (50,000.00 of a product with
 * a 0.5 % upfront service fee, so 300.00 due) pays it with the welcome coupon (满 50 减 20) through the sandbox
 * cashier and sees it paid in the fee list and the ledger, gets part of it refunded (the sandbox reviews 3 s
 * after the application), and repays the first instalment now.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_fees');
if (!USER) throw new Error('e2e_fees missing from users.ts');
const NEW_PASSWORD = 'Fees567890';
const FEES = '/service/serviceDetail';

let rowId = 0;
beforeAll(async () => {
  ({ rowId } = await disbursedLoan({
    loginId: USER.loginId,
    password: USER.password,
    newPassword: NEW_PASSWORD,
    name: '孙费',
    sellerId: 'A3FEESSTORE01',
    productCode: 'CGB-DPJY',
    amount: '60000.00',
    termMonths: 6,
  }));
});

async function signedIn(viewport = DESKTOP): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser(), viewport);
  await login(page, USER?.loginId ?? '', NEW_PASSWORD);
  return { page, close: () => context.close() };
}

/** What the viewport shows (a drawer, a card scrolled into view), not the whole page. */
async function viewShot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

const upfrontRow = (page: Page) => page.getByRole('row').filter({ hasText: '一次性服务费' });

/**
 * On the cashier: 确认支付; the notify makes it 支付成功 and the cashier goes back by itself (after a few seconds,
 * so a slow step may only see it gone back). A phone shot first when named.
 */
async function payAtCashier(page: Page, amount: string, back: string, phoneShot?: string) {
  await page.waitForURL('**/cashier?**');
  await page.getByText('沙箱收银台').waitFor();
  await expect
    .poll(() => page.getByTestId('cashier-amount').textContent(), { timeout: WAIT })
    .toBe(`${amount} 元`);
  if (phoneShot) {
    await page.setViewportSize(PHONE);
    await screenshot(page, phoneShot);
    await page.setViewportSize(DESKTOP);
  }
  await page.getByRole('button', { name: /确\s?认\s?支\s?付/ }).click();
  const wentBack = (url: URL) => `${url.pathname}${url.search}` === back;
  await Promise.race([page.getByText('支付成功').waitFor(), page.waitForURL(wentBack)]);
  await page.waitForURL(wentBack);
}

describe('service fees, coupons, payments and refunds in the browser', () => {
  it('pays the upfront fee with the welcome coupon through the sandbox cashier; it shows paid in the list and the ledger', async () => {
    const { page, close } = await signedIn();
    onTestFailed(() => failureEvidence(page, 'FAILED-fees-pay'));
    await page.goto('/account/myAccount');
    await page.getByRole('article', { name: '新客服务费满减券' }).waitFor();
    await screenshot(page, 'fees-coupons-desktop');

    await page.goto(FEES);
    await upfrontRow(page).getByText('待缴').waitFor();
    await upfrontRow(page).getByText('300.00 元').first().waitFor();
    await screenshot(page, 'fees-list-desktop');
    await upfrontRow(page)
      .getByRole('button', { name: /缴\s?纳/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('新客服务费满减券').waitFor();
    // the best coupon is chosen, and the discount is shown before paying
    expect(await dialog.getByRole('radio', { name: /新客服务费满减券/ }).isChecked()).toBe(true);
    await expect
      .poll(() => dialog.getByTestId('pay-amount').textContent(), { timeout: WAIT })
      .toBe('280.00 元');
    await dialog.getByText('-20.00 元').waitFor();
    await screenshot(page, 'fees-pay-dialog-desktop');
    await dialog.getByRole('button', { name: /确认支付 280.00 元/ }).click();
    await page.waitForURL('**/cashier?**');
    await page.getByText('已优惠 20.00 元（新客服务费满减券）').waitFor();
    await screenshot(page, 'fees-cashier-desktop');
    await payAtCashier(page, '280.00', FEES);

    await page.waitForURL(`**${FEES}`);
    await upfrontRow(page).getByText('已缴').waitFor();
    await upfrontRow(page).getByText('280.00 元').waitFor();
    await upfrontRow(page).getByText('20.00 元').waitFor();
    // the detail: the payment with its receipt
    await upfrontRow(page)
      .getByRole('button', { name: /详\s?情/ })
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(/支付宝 · 实付 280.00 元 · 优惠 20.00 元/).waitFor();
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: /电子回单/ }).click();
    const receipt = await download;
    expect(receipt.suggestedFilename()).toMatch(/^电子回单-PAY\d{20}\.pdf$/);
    expect(
      readFileSync(await receipt.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await screenshot(page, 'fees-detail-desktop');

    await page.goto('/trading/tradingRecord');
    const line = page.getByRole('row').filter({ hasText: '优惠券抵扣 20.00 元' });
    await line.getByText('-280.00', { exact: true }).waitFor();
    await screenshot(page, 'fees-ledger-desktop');
    // the coupon is used now
    await page.goto('/account/myAccount');
    await page.getByText('已使用 1').click();
    await page
      .getByRole('article', { name: '新客服务费满减券' })
      .getByText('已使用', { exact: true })
      .waitFor();
    await close();
  });

  it('applies for a refund of part of the fee and follows it to 已退款', async () => {
    const { page, close } = await signedIn();
    onTestFailed(() => failureEvidence(page, 'FAILED-fees-refund'));
    await page.goto(FEES);
    await upfrontRow(page)
      .getByRole('button', { name: /详\s?情/ })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: '申请退款' }).waitFor();
    await animationsDone(page);
    await page.getByRole('dialog').getByRole('link', { name: '申请退款' }).click();
    await page.waitForURL('**/account/refund?outTradeNo=PAY*');
    const form = page.getByRole('form', { name: '退款申请' });
    await form.getByText('本单可退 280.00 元').waitFor();
    await form.getByLabel('退款金额（元）').fill('300');
    await form.getByLabel('退款原因').fill('服务费按合同应为分期收取，申请退回部分');
    await form.getByRole('button', { name: /提\s?交\s?申\s?请/ }).click();
    await form.getByText('退款金额不能超过可退金额 280.00 元').waitFor();
    await form.getByLabel('退款金额（元）').fill('100.00');
    await form.getByRole('button', { name: /提\s?交\s?申\s?请/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('提交申请 · 已提交').waitFor();
    // the sandbox approves it 3 s later, the gateway refunds it and its notify arrives: the page follows
    await drawer.getByText('退款到账 · 已退款').waitFor();
    await drawer.getByText('审核同意 · 已同意').waitFor();
    await viewShot(page, 'fees-refund-drawer-desktop');
    await page.setViewportSize(PHONE);
    await viewShot(page, 'fees-refund-drawer-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('已退款', { exact: true }).first().waitFor();
    await screenshot(page, 'fees-refund-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'fees-refund-desktop');

    await page.goto(FEES);
    await upfrontRow(page).getByText('部分退款').waitFor();
    await page.goto('/trading/tradingRecord');
    await page.getByRole('row').filter({ hasText: '退款' }).getByText('+100.00').first().waitFor();
    await close();
  });

  it('repays the first instalment now through the cashier', async () => {
    const { page, close } = await signedIn();
    onTestFailed(() => failureEvidence(page, 'FAILED-fees-repay'));
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    const card = page.locator('.ant-card').filter({ hasText: '主动还款' });
    await card.getByText('第 1 期').first().waitFor();
    const total = (await card.getByTestId('repay-total').textContent())?.replace(' 元', '') ?? '';
    expect(total).toMatch(/^[\d,]+\.\d{2}$/);
    await card.getByRole('button', { name: /立即还款/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('本金').first().waitFor();
    await dialog.getByText('利息').first().waitFor();
    await dialog.getByText('罚息').first().waitFor();
    await screenshot(page, 'fees-repay-dialog-desktop');
    await animationsDone(page);
    await dialog.getByRole('button', { name: `确认还款 ${total} 元` }).click();
    await payAtCashier(page, total, `/record/loanRecordDetail?rowId=${rowId}`, 'fees-cashier-phone');
    await page.waitForURL(`**/record/loanRecordDetail?rowId=${rowId}`);
    const schedule = page.locator('.ant-table').filter({ hasText: '应还日期' }).first();
    await schedule.locator('tbody tr.ant-table-row').first().getByText('已还清').waitFor();
    await card.getByText('第 2 期').first().waitFor();
    await screenshot(page, 'fees-repaid-desktop');
    await close();
  });

  it('shows every money figure at 375 px: fee list, cashier-free pages and coupons', async () => {
    const { page, close } = await signedIn(PHONE);
    onTestFailed(() => failureEvidence(page, 'FAILED-fees-phone'));
    await page.goto(FEES);
    await page.getByText('一次性服务费').waitFor();
    const totals = page.getByRole('list', { name: '服务费汇总' });
    for (const title of ['待缴', '30 日内到期', '逾期未缴', '本年已缴（含已退款）', '已退款']) {
      const item = totals.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
      expect(await item.isVisible()).toBe(true);
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    await screenshot(page, 'fees-list-phone');
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    await page.getByTestId('repay-total').scrollIntoViewIfNeeded();
    await viewShot(page, 'fees-repay-phone');
    await close();

    // the demo borrower's coupons of every kind
    const demo = await newPage(browser(), PHONE);
    await login(demo.page, DEMO.loginId, DEMO.password);
    await demo.page.goto('/account/myAccount');
    await demo.page.getByRole('article').first().waitFor();
    await screenshot(demo.page, 'fees-coupons-phone');
    await demo.context.close();
  });
});
