import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { disbursedLoan } from './borrower-api.ts';
import { pdfText } from './pdf-text.ts';
import {
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
import { E2E_USERS } from './users.ts';

/**
 * Early settlement at phone width, as a borrower does it: the quote (fixed for the day, every part and what is
 * forgiven), 提前结清 with a channel, the sandbox cashier, the loan settled by the paid notify; then the 结清证明
 * and the payment's 电子回单 downloaded, and the receipt's verification page opened from its printed code.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_settle');
if (!USER) throw new Error('e2e_settle missing from users.ts');
const NEW_PASSWORD = 'Settle67890';

let rowId = 0;
beforeAll(async () => {
  ({ rowId } = await disbursedLoan({
    loginId: USER.loginId,
    password: USER.password,
    newPassword: NEW_PASSWORD,
    name: '陈清',
    sellerId: 'A3SETTLESTOR1',
    productCode: 'CGB-DPJY',
    amount: '100000.00',
    termMonths: 6,
  }));
});

/** A shot at desktop width too, then back to the phone. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
}

/** Saves a download beside the screenshots and reads its text. */
async function keep(download: Download, name: string): Promise<string> {
  const bytes = await (await download.createReadStream()).toArray();
  const pdf = Buffer.concat(bytes);
  writeFileSync(join(screenshotDir, `${name}.pdf`), pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(pdf);
}

describe('early settlement through the cashier', () => {
  it('quotes, pays at the cashier at 375 px, settles, and gives the 结清证明 and a receipt that checks', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await login(page, USER.loginId, NEW_PASSWORD);
      const detail = `/record/loanRecordDetail?rowId=${rowId}`;
      await page.goto(detail);
      await page.getByRole('list', { name: '还款计划' }).waitFor();
      await bothWidths(page, 'settlement-detail-before');

      await page.getByRole('button', { name: '获取结清报价' }).click();
      const total = page.getByTestId('quote-total');
      await total.waitFor();
      const totalText = (await total.textContent()) ?? '';
      expect(totalText).toMatch(/^[\d,]+\.\d{2} 元$/);
      // the quote holds until the end of its day, and says what the rule is
      await page.getByText(/报价有效至/).waitFor();
      await page
        .getByText(/未到期的期次只还本金/)
        .first()
        .waitFor();
      await bothWidths(page, 'settlement-quote');

      await page.getByRole('button', { name: '提前结清', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: `去支付 ${totalText}` }).click();

      await page.waitForURL('**/cashier?**');
      await page.getByText('沙箱收银台').waitFor();
      await expect
        .poll(() => page.getByTestId('cashier-amount').textContent(), { timeout: WAIT })
        .toBe(totalText);
      await screenshot(page, 'settlement-cashier-375');
      await page.getByRole('button', { name: /确\s?认\s?支\s?付/ }).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === detail, { timeout: WAIT });

      // the paid notify settled it: the 结清 card, nothing left to pay
      const settled = page.getByText('结清方式');
      await expect
        .poll(
          async () => {
            if (await settled.isVisible()) return true;
            await page.reload();
            await page.getByRole('list', { name: '还款计划' }).waitFor();
            return settled.isVisible();
          },
          { timeout: WAIT },
        )
        .toBe(true);
      await page.getByText('提前结清', { exact: true }).first().waitFor();
      await bothWidths(page, 'settlement-detail-after');

      const certificateDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: /下载结清证明/ }).click();
      const certificate = await keep(await certificateDownload, 'settlement-certificate');
      expect(certificate).toContain('结清证明');
      expect(certificate).toContain('全部结清');
      expect(certificate).toContain('100000.00');
      expect(certificate).toContain('结清证明专用章');

      const receiptDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: /下载电子回单/ }).click();
      const receipt = await keep(await receiptDownload, 'settlement-receipt');
      expect(receipt).toContain('提前结清');
      expect(receipt).toContain(totalText.replace(' 元', '').replaceAll(',', ''));

      // the receipt's printed number and code open the public check
      const docNo = /文件编号：([0-9A-Z]+)/.exec(receipt)?.[1] ?? '';
      const code = /验证码：([0-9A-Z]+)/.exec(receipt)?.[1] ?? '';
      expect(docNo).not.toBe('');
      expect(code).not.toBe('');
      await page.goto(`/verify/${docNo}?code=${code}`);
      await page.getByText('真实有效').waitFor();
      await screenshot(page, 'settlement-verify-375');
    } catch (error) {
      // the evidence before the page closes (an onTestFailed hook runs after the finally below)
      await failureEvidence(page, 'FAILED-settlement');
      throw error;
    } finally {
      await context.close();
    }
  });
});
