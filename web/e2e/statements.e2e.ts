import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { previousMonth, statementMonth, statementMonthLabel } from '@loan/domain';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { disbursedLoan } from './borrower-api.ts';
import { pdfText } from './pdf-text.ts';
import { baseURL, browserPerFile, DESKTOP, failureEvidence, login, newPage, PHONE } from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * 月度对账单 in My account: a borrower with a CGB loan of 100,000.00 disbursed this month, whose statement of the
 * month is made at once by the developers' trigger (as the job would on the 1st), sees it on the card, downloads
 * its PDF, and the PDF says the month and the closing balance. Shots of the card at 1366 and 375 px and the PDF
 * go to /tmp/shots/.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_statement');
if (!USER) throw new Error('e2e_statement missing from users.ts');
const NEW_PASSWORD = 'Statement5678';
const SHOTS = '/tmp/shots';

let month = '';
beforeAll(async () => {
  const { firstDue } = await disbursedLoan({
    loginId: USER.loginId,
    password: USER.password,
    newPassword: NEW_PASSWORD,
    name: USER.name,
    sellerId: 'A3STATEMENT01',
    productCode: 'CGB-DPJY',
    amount: '100000.00',
    termMonths: 6,
  });
  // the month of the disbursement: the month before the first due date's
  month = previousMonth(firstDue.slice(0, 7));
  const asOf = statementMonth(month)?.nextFirstDay;
  const res = await fetch(`${baseURL()}/api/dev/sandbox/statements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ asOf, loginId: USER.loginId }),
  });
  const body = (await res.json()) as { result: { month: string; made: number } };
  expect(body.result).toEqual({ month, made: 1 });
  mkdirSync(SHOTS, { recursive: true });
});

async function shot(card: Locator, name: string) {
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe('monthly statements in My account', () => {
  it('lists the statement and downloads its PDF with the month and the closing balance', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await login(page, USER.loginId, NEW_PASSWORD);
      await page.goto('/account/myAccount');
      const list = page.getByRole('list', { name: '月度对账单' });
      const card = page.locator('.ant-card', { has: list });
      const row = list.getByTestId(`statement-${month}`);
      await row.waitFor();
      const label = statementMonthLabel(month);
      await expect.poll(() => row.textContent()).toContain(label);
      expect(await row.getByTestId('statement-closing').textContent()).toBe('100,000.00 元');
      await shot(card, 'statements-card-1366');

      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: `下载 ${label}对账单 PDF` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^月度对账单-${month}-DZ[0-9A-Z]{16}\\.pdf$`));
      const pdf = Buffer.concat(await (await file.createReadStream()).toArray());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      writeFileSync(join(SHOTS, 'statement-e2e.pdf'), pdf);
      const text = await pdfText(pdf);
      expect(text).toContain(`账单月份：${label}`);
      expect(text).toContain('期末借款余额 100000.00');
      expect(text).toContain('壹拾万元整');

      await page.setViewportSize(PHONE);
      await shot(card, 'statements-card-375');
    } catch (error) {
      await failureEvidence(page, 'FAILED-statements');
      throw error;
    } finally {
      await context.close();
    }
  });
});
