import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsDone, WAIT } from './support.ts';

/**
 * At the bank page's 签署借款合同 step: waits out the contract's reading time, ticks 我已阅读并同意《借款合同》,
 * signs and confirms, then waits until the page shows it signed.
 */
export async function signContractInReader(page: Page) {
  await page.getByText('当前步骤：签署借款合同').waitFor();
  await page.getByRole('region', { name: '关键信息' }).waitFor();
  await page.getByRole('checkbox', { name: '我已阅读并同意《借款合同》' }).check();
  const sign = page.getByRole('button', { name: '签署借款合同' });
  // the button reads "请阅读合同（n 秒）" until the reading time has passed
  await expect.poll(() => sign.isEnabled(), { timeout: WAIT }).toBe(true);
  await sign.click();
  await page.getByRole('dialog').getByRole('button', { name: '确认签署' }).waitFor();
  await animationsDone(page);
  await page.getByRole('dialog').getByRole('button', { name: '确认签署' }).click();
  // signed: the application's tag moves on and its terms offer the signed contract
  await page
    .locator('.ant-card-extra')
    .getByText(/^(已签约|已放款)$/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: '查看借款合同' }).waitFor();
}
