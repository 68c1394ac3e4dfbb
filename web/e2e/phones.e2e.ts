import { mkdirSync } from 'node:fs';
import {
  API,
  buildSchedule,
  formatYuan,
  type LoanRecordDetail,
  ledgerTotalFigures,
  type TradingRecordPage,
  yuanToFen,
} from '@loan/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { api, disbursedLoan } from './borrower-api.ts';
import { browserPerFile, failureEvidence, login, newPage, PHONE, WAIT } from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * Money on a phone: at 375 px the loan's schedule, its ledger, the transaction list and the calculator show every
 * amount on screen (cards, no column cut off), equal to the API's and the engine's figures; at 1366 px the loan
 * records table shows 放款时间 clear of its fixed 操作 column.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_phones');
if (!USER) throw new Error('e2e_phones missing from users.ts');
const NEW_PASSWORD = 'Phones67890';
const SHOTS = '/tmp/shots13';

const yuan = (text: string) => formatYuan(yuanToFen(text));

/** Full-page screenshot for review, besides the suite's own. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // not mid-load: a list still fetching is drawn faded
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nothing wider than the screen: a page that scrolls sideways hides money off to the right. */
async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The figure under a label in a card's amount grid ("本金" → "16,666.67"), read off the screen. */
async function figure(card: Locator, label: string): Promise<string> {
  const cell = card.locator('dl > div').filter({ has: card.page().locator('dt', { hasText: label }) });
  const value = cell.first().locator('dd');
  await value.waitFor();
  // on screen: inside the 375 px wide viewport, not cut off to the right
  const box = await value.boundingBox();
  expect(box, label).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  return (await value.innerText()).trim();
}

describe('money at phone width, and the records table at desktop width', () => {
  it('the loan detail, transactions and calculator show every amount at 375 px; the records show 放款时间 at 1366 px', async () => {
    const { rowId, firstDue, token } = await disbursedLoan({
      loginId: USER.loginId,
      password: USER.password,
      newPassword: NEW_PASSWORD,
      name: USER.name,
      sellerId: 'A3PHONESTORE1',
      productCode: 'CGB-KJED',
      amount: '100000.00',
      termMonths: 6,
    });
    // the first instalment is collected: a repayment in the ledger
    await api('POST', '/dev/sandbox/collect', null, { asOf: firstDue });
    const detail = await api<LoanRecordDetail>('GET', API.loanRecordDetail, token, { rowId });

    const { context, page } = await newPage(browser(), PHONE);
    onTestFailed(() => failureEvidence(page, 'FAILED-phones'));
    await login(page, USER.loginId, NEW_PASSWORD);

    // the loan's schedule: a card per instalment with all its amounts, equal to the API's
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    const schedule = page.getByRole('list', { name: '还款计划' });
    await schedule.getByText('已还清').waitFor();
    expect(detail.instalments).toHaveLength(6);
    for (const i of detail.instalments) {
      const card = schedule.getByRole('listitem', { name: `第 ${i.seq} 期 · ${i.dueDate}` });
      expect(await figure(card, '本金')).toBe(yuan(i.principal));
      expect(await figure(card, '利息')).toBe(yuan(i.interest));
      expect(await figure(card, '未还')).toBe(yuan(i.outstanding));
    }
    // the ledger: each line's signed amount on its card
    const ledger = page.locator('.ant-card').filter({ has: page.getByText('交易明细', { exact: true }) });
    for (const line of detail.transactions) {
      const fen = yuanToFen(line.amount);
      const amount = ledger.getByText(`${fen > 0 ? '+' : ''}${formatYuan(fen)}`, { exact: true }).first();
      await amount.waitFor();
      const box = await amount.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    expect(detail.transactions.map((l) => l.type)).toEqual(
      expect.arrayContaining(['DISBURSEMENT', 'REPAYMENT']),
    );
    await noSidewaysScroll(page);
    await shot(page, 'phone-detail-375');

    // the transaction list: the totals in words, each a positive amount, and the lines' amounts
    const trading = await api<TradingRecordPage>('GET', API.tradingRecord, token, { limit: 10 });
    await page.goto('/trading/tradingRecord');
    const totals = page.getByRole('list', { name: '交易合计' });
    for (const f of ledgerTotalFigures(trading.totals)) {
      const item = totals.getByRole('listitem').filter({ hasText: f.label });
      await expect
        .poll(() => item.locator('.ant-statistic-content').innerText(), { timeout: WAIT })
        .toContain(formatYuan(f.fen));
    }
    expect(ledgerTotalFigures(trading.totals).find((f) => f.key === 'disbursed')?.fen).toBe(10_000_000);
    for (const line of trading.items) {
      const fen = yuanToFen(line.amount);
      await page
        .getByText(`${fen > 0 ? '+' : ''}${formatYuan(fen)}`, { exact: true })
        .first()
        .waitFor();
    }
    await noSidewaysScroll(page);
    await shot(page, 'phone-trading-375');

    await page.goto('/record/loanRecord');
    await page.getByText('广发跨境e贷').first().waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-records-375');

    // the calculator's schedule: the engine's figures for its default inputs (100,000.00, 12 months, 7.2 %)
    await page.goto('/apply/loanDetail');
    const periods = page.getByRole('list', { name: '还款计划' });
    const first = periods.getByRole('listitem', { name: '第 1 期' });
    await first.waitFor();
    const engine = buildSchedule({
      principalFen: 10_000_000,
      annualRate: '0.072',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: '2026-01-15',
    });
    const one = engine.instalments[0];
    expect(await figure(first, '应还本金')).toBe(formatYuan(one?.principalFen ?? -1));
    expect(await figure(first, '应还利息')).toBe(formatYuan(one?.interestFen ?? -1));
    expect(await figure(first, '剩余本金')).toBe(formatYuan(one?.closingPrincipalFen ?? -1));
    await expect.poll(() => periods.getByRole('listitem').count(), { timeout: WAIT }).toBe(12);
    const sum = page.getByLabel('合计', { exact: true });
    expect(await figure(sum, '还款总额')).toBe(formatYuan(engine.totals.paymentFen));
    await page.getByRole('button', { name: '立即申请' }).waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-calculator-375');
    await context.close();

    // desktop: the records table shows 放款时间 clear of the fixed 操作 column
    const desk = await newPage(browser(), { width: 1366, height: 800 });
    await login(desk.page, USER.loginId, NEW_PASSWORD);
    await desk.page.goto('/record/loanRecord');
    const row = desk.page.getByRole('row').filter({ hasText: '广发跨境e贷' }).first();
    await row.getByText('还款中').waitFor();
    const disbursedHeader = desk.page.getByRole('columnheader', { name: '放款时间' });
    const actionHeader = desk.page.getByRole('columnheader', { name: '操作' });
    const [disbursedBox, actionBox] = [await disbursedHeader.boundingBox(), await actionHeader.boundingBox()];
    expect(disbursedBox && actionBox).toBeTruthy();
    expect((disbursedBox?.x ?? 0) + (disbursedBox?.width ?? 0)).toBeLessThanOrEqual((actionBox?.x ?? 0) + 1);
    // the cell's text is what is drawn at its place (not the 操作 column over it)
    const disbursedText = await row.locator('td').nth(7).innerText();
    expect(disbursedText).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const onTop = await row
      .locator('td')
      .nth(7)
      .evaluate((td) => {
        const r = td.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && td.contains(hit);
      });
    expect(onTop).toBe(true);
    await shot(desk.page, 'phone-records-1366');
    const shots: [string, string, Locator][] = [
      [
        `/record/loanRecordDetail?rowId=${rowId}`,
        'phone-detail-1366',
        desk.page.getByRole('cell', { name: '已还清' }),
      ],
      ['/trading/tradingRecord', 'phone-trading-1366', desk.page.getByText('放款本金')],
      [
        '/apply/loanDetail',
        'phone-calculator-1366',
        desk.page.getByRole('columnheader', { name: '应还本金' }),
      ],
    ];
    for (const [path, name, ready] of shots) {
      await desk.page.goto(path);
      await ready.first().waitFor();
      await shot(desk.page, name);
    }
    await desk.context.close();
  });
});
