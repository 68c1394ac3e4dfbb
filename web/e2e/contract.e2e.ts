import { mkdirSync, readFileSync } from 'node:fs';
import type { ApplicationDetail } from '@loan/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  api,
  applicationIn,
  approvedApplication,
  type LoanPlan,
  openedSubAccount,
  readyBorrower,
} from './borrower-api.ts';
import { signContractInReader } from './contract-steps.ts';
import { pdfText } from './pdf-text.ts';
import { browserPerFile, failureEvidence, login, newPage, PHONE, WAIT } from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * The loan contract in the browser: a borrower approved by CGB (collection account open) reads the contract on
 * the bank page, whose key facts equal its schedule's totals and first and last rows as shown; it cannot be
 * signed before its reading time and the tick box; signed, the page shows it; once disbursed the loan detail
 * downloads the kept contract as a PDF whose text names the company, the amount and the contract number.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_contract');
if (!USER) throw new Error('e2e_contract missing from users.ts');
const PLAN: LoanPlan = {
  loginId: USER.loginId,
  password: USER.password,
  newPassword: 'Contract5678',
  name: USER.name,
  sellerId: 'A3CONTRACT001',
  productCode: 'CGB-KJED',
  amount: '100000.00',
  termMonths: 6,
};
const COMPANY = '深圳明远跨境电子商务有限公司';
const SHOTS = '/tmp/shots13';
/** the reader at a desktop width (the phone width is PHONE) */
const DESKTOP_800 = { width: 1366, height: 800 };

let token = '';
let rowId = 0;
beforeAll(async () => {
  token = await readyBorrower(PLAN);
  rowId = await approvedApplication(PLAN, token);
  await openedSubAccount(token, 'CGB');
});

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
/** "100,000.00" from any text that holds one money figure. */
const money = async (locator: Locator) => (await text(locator)).match(/[\d,]+\.\d{2}/)?.[0];

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: WAIT }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Every money figure of the phone's schedule inside the screen's width. */
async function moneyInsidePhone(page: Page) {
  const figures = page.getByRole('region', { name: '还款计划' }).locator('[data-testid="payment"], dd');
  const count = await figures.count();
  expect(count).toBeGreaterThan(PLAN.termMonths * 4);
  for (let i = 0; i < count; i++) {
    const box = await figures.nth(i).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `figure ${i} inside 375 px`).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
}

describe('the loan contract in the browser', () => {
  it('reads the contract (key facts equal the schedule), signs it, and downloads the PDF after disbursement', async () => {
    const detail = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
    const { context, page } = await newPage(browser(), DESKTOP_800);
    onTestFailed(() => failureEvidence(page, 'FAILED-contract'));
    await login(page, PLAN.loginId, PLAN.newPassword);
    await page.goto(detail.application.bankPath);
    await page.getByText('当前步骤：签署借款合同').waitFor();
    const facts = page.getByRole('region', { name: '关键信息' });
    await facts.waitFor();

    // this loan's terms, not the product's ranges; the hint gives the day to sign by
    await page.getByLabel('本笔借款').getByText('100,000.00 元').waitFor();
    expect(await page.getByText('额度范围').count()).toBe(0);
    expect(await text(page.locator('.form-alert').first())).toMatch(/请于 \d{4}-\d{2}-\d{2}（含当日）前签署/);

    // the key facts equal the schedule on screen: its totals, its first and last rows
    const schedule = page.getByRole('region', { name: '还款计划' });
    const rows = schedule.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(PLAN.termMonths);
    const cell = (row: Locator, n: number) => text(row.locator('td').nth(n));
    const first = rows.first();
    const last = rows.last();
    expect(await money(facts.getByTestId('key-amount'))).toBe('100,000.00');
    expect(await money(schedule.getByTestId('total-principal'))).toBe('100,000.00');
    expect(await money(facts.getByTestId('key-total-repay'))).toBe(
      await money(schedule.getByTestId('total-payment')),
    );
    expect(await money(facts.getByTestId('key-total-interest'))).toBe(
      await money(schedule.getByTestId('total-interest')),
    );
    expect(await money(facts.getByTestId('key-total-fees'))).toBe(
      await money(schedule.getByTestId('total-fee')),
    );
    expect(await text(facts.getByTestId('key-first-payment'))).toBe(
      `${await cell(first, 1)} 应还 ${await cell(first, 2)} 元`,
    );
    expect(await text(facts.getByTestId('key-last-payment'))).toBe(
      `${await cell(last, 1)} 应还 ${await cell(last, 2)} 元`,
    );
    const contractNo = (await text(page.getByTestId('contract-no'))).replace('合同编号 ', '');
    expect(contractNo).toMatch(/^JKCGB\d{16}$/);
    await page.getByRole('region', { name: '借款合同全文' }).getByText(COMPANY).first().waitFor();

    // not signable before the reading time and the tick box
    const reading = page.getByRole('button', { name: /^请阅读合同（\d+ 秒）$/ });
    if (await reading.isVisible()) expect(await reading.isDisabled()).toBe(true);
    await shot(page, 'contract-reader-desktop');

    await page.setViewportSize(PHONE);
    await page.getByTestId('contract-period-1').waitFor();
    await moneyInsidePhone(page);
    await shot(page, 'contract-reader-phone');
    await page.setViewportSize(DESKTOP_800);
    await rows.first().waitFor();

    await signContractInReader(page);
    await shot(page, 'contract-signed-desktop');
    await applicationIn(token, rowId, 'DISBURSED');

    // the loan detail downloads the contract as kept: a PDF naming the company, the amount and the number
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    const button = page.getByRole('button', { name: /下载借款合同/ });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const pdf = readFileSync(path);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const words = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(words).toContain(COMPANY);
    expect(words).toContain('100,000.00');
    expect(words).toContain(contractNo);
    await context.close();
  });
});
