import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFailed } from 'vitest';
import { api, disbursedLoan } from './borrower-api.ts';
import {
  browserPerFile,
  DESKTOP,
  failureEvidence,
  login,
  newPage,
  PHONE,
  screenshot,
  WAIT,
  zipEntries,
} from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * After the decision: a borrower gets to a disbursed loan through the API (the same calls the pages
 * make, so this file does not repeat the apply journey's clicks), a month passes in the collections sandbox
 * (developers' trigger, not in production), then the browser shows the loan in the records with its schedule,
 * the repayment in the transaction records, and the export downloads the rows.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_loans');
if (!USER) throw new Error('e2e_loans missing from users.ts');
const NEW_PASSWORD = 'Loans56789';
const disbursed = () =>
  disbursedLoan({
    loginId: USER.loginId,
    password: USER.password,
    newPassword: NEW_PASSWORD,
    name: '钱贷',
    sellerId: 'A3LOANSTORE01',
    productCode: 'CGB-KJED',
    amount: '200000.00',
    termMonths: 6,
  });

describe('after the decision: loan records, schedule, transactions, export', () => {
  it('a disbursed loan shows in the records with its schedule; a repayment shows in the transactions and the export', async () => {
    const { rowId, firstDue } = await disbursed();
    // the first due date comes: the collections sandbox takes the instalment from the store's payout
    await api('POST', '/dev/sandbox/collect', null, { asOf: firstDue });

    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-loans'));
    await login(page, USER.loginId, NEW_PASSWORD);
    await page.goto('/record/loanRecord');
    const row = page.getByRole('row').filter({ hasText: '广发跨境e贷' });
    await row.getByText('还款中').waitFor();
    await row.getByText('200,000.00').first().waitFor();
    await screenshot(page, 'loans-records-desktop');

    await row.getByRole('link', { name: '详情' }).click();
    await page.waitForURL(`**/record/loanRecordDetail?rowId=${rowId}`);
    await page.getByText('已还清').first().waitFor();
    // six instalments, the first paid, the rest due
    const schedule = page.locator('.ant-table').filter({ hasText: firstDue }).first();
    await expect.poll(() => schedule.locator('tbody tr.ant-table-row').count(), { timeout: WAIT }).toBe(6);
    await expect.poll(() => schedule.getByText('待还').count(), { timeout: WAIT }).toBe(5);
    await screenshot(page, 'loans-detail-desktop');
    // a signed agreement opens as the version that was signed
    await page.getByRole('button', { name: '查看协议' }).first().click();
    const agreement = page.getByRole('dialog');
    await agreement.getByText(/签署的正是以下文本/).waitFor();
    await agreement.locator('.ant-modal-footer button').click();
    await agreement.waitFor({ state: 'hidden' });

    await page.goto('/trading/tradingRecord');
    await page.getByText('放款').first().waitFor();
    await page.getByText('还款').first().waitFor();
    await screenshot(page, 'loans-transactions-desktop');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^交易记录-\d{8}\.csv$/);
    const path = await file.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('放款');
    expect(csv).toContain('还款');
    expect(csv).toContain('200000.00');

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 Excel/ }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^交易记录-\d{8}\.xlsx$/);
    const entries = zipEntries(readFileSync(await xlsx.path()));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    const sheet = entries['xl/worksheets/sheet1.xml'] ?? '';
    // the same rows as the CSV: headers, the disbursement, the repayment, in Chinese
    expect(sheet).toContain('>类型<');
    expect(sheet).toContain('>金额<');
    expect(sheet).toContain('放款');
    expect(sheet).toContain('还款');
    expect(sheet).toMatch(/<v>200000(\.00?)?<\/v>/);
    expect(sheet.match(/<row /g)?.length).toBe(csv.trimEnd().split('\r\n').length);

    await page.setViewportSize(PHONE);
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    await page.getByText('已还清').first().waitFor();
    await screenshot(page, 'loans-detail-phone');
    await page.goto('/trading/tradingRecord');
    await page.getByText('还款').first().waitFor();
    await screenshot(page, 'loans-transactions-phone');
    await context.close();
  });
});
