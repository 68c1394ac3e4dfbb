import { mkdirSync } from 'node:fs';
import {
  type ApplicationDetail,
  formatYuan,
  type MwsTokenCheckResult,
  productSchedule,
  SEED_PRODUCTS,
  yuanToFen,
} from '@loan/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { api, readyBorrower } from './borrower-api.ts';
import {
  animationsDone,
  browserPerFile,
  DESKTOP,
  failureEvidence,
  login,
  newPage,
  PHONE,
  popupSettled,
  screenshot,
  WAIT,
} from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * The apply form before submitting: the store's estimated limit on the store card and beside the amount (a
 * larger amount refused by the field, nothing sent), the 先息后本 preview with its large last payment above
 * 提交申请, the whole schedule one click away, and the confirmation of the key facts. Shots at 1366 and 375 px.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_preview');
if (!USER) throw new Error('e2e_preview missing from users.ts');
const NEW_PASSWORD = 'Preview5678';
/** 广发跨境e贷: 先息后本, 100,000–2,000,000 in steps of 10,000 */
const PRODUCT_CODE = 'CGB-KJED';
const SHOTS = '/tmp/shots13';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, name);
}

/**
 * A locator's box lies inside the viewport's width: nothing cut at the right. Asked until the page has laid itself
 * out for the viewport (a resize re-renders the breakpoint-driven parts a moment later).
 */
async function expectWithinWidth(page: Page, locator: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  await locator.waitFor();
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      },
      { timeout: WAIT },
    )
    .toBeLessThanOrEqual(width);
}

async function fillForm(page: Page, amount: string) {
  await page.getByLabel('借款金额（元）').fill(amount);
  await page.getByLabel('借款金额（元）').blur();
}

describe('apply form: limit, preview and confirmation', () => {
  it('先息后本 shows the final payment, an amount above the limit is refused before submit, the confirm shows the key facts', async () => {
    const token = await readyBorrower({
      loginId: USER.loginId,
      password: USER.password,
      newPassword: NEW_PASSWORD,
      name: USER.name,
      sellerId: 'A3PREVSTORE01',
      productCode: PRODUCT_CODE,
      amount: '100000.00',
      termMonths: 12,
    });
    const store = await api<MwsTokenCheckResult>('GET', '/seller/mwsTokenCheck', token);
    if (!store.estimatedLimit || !store.annualSales) throw new Error('the store shows no limit');
    const limitFen = yuanToFen(store.estimatedLimit);
    const draft = await api<ApplicationDetail>('POST', '/loanMgr/createApplication', token, {
      productCode: PRODUCT_CODE,
    });
    const { rowId } = draft.application;
    const product = SEED_PRODUCTS.find((p) => p.productCode === PRODUCT_CODE);
    if (!product) throw new Error('no product');

    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-apply-preview'));
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/loanMgr/submitApplication')) submits.push(request.url());
    });
    await login(page, USER.loginId, NEW_PASSWORD);

    // the store card: sales and the estimated limit, with the bank's final say
    await page.goto('/apply/LoanInfo');
    const card = page.locator('.ant-card').filter({ hasText: '店铺授权' }).first();
    await card.getByText(`${formatYuan(limitFen)} 元`).waitFor();
    await card.getByText(`${formatYuan(yuanToFen(store.annualSales))} 元`).waitFor();
    await card.getByText(/最终额度以合作机构审批为准/).waitFor();
    await page.getByText('广发跨境e贷').first().waitFor();
    await shot(page, 'preview-store-card-desktop');

    // 先息后本: the preview above 提交申请 shows the last payment, principal and all
    await page.goto(`/application/enter?rowId=${rowId}`);
    await page
      .getByTestId('amount-limits')
      .getByText(`店铺预估可借额度 ${formatYuan(limitFen)} 元`)
      .waitFor();
    await fillForm(page, '100000');
    await page.getByLabel('借款期限').click();
    await popupSettled(page, '.ant-select-dropdown');
    await page.locator('.ant-select-item-option').filter({ hasText: '12 个月' }).click();
    await page.getByLabel('借款用途').fill('采购旺季库存');
    const preview = page.getByRole('region', { name: '还款试算' });
    const last = page.getByTestId('preview-last');
    await last.waitFor();
    // the engine's figures; the start is today in Shanghai, the amounts of 先息后本 do not depend on it
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const schedule = productSchedule(product, 10_000_000, 12, today);
    const lastInstalment = schedule.instalments.at(-1);
    const firstInstalment = schedule.instalments[0];
    if (!lastInstalment || !firstInstalment) throw new Error('no schedule');
    await expect
      .poll(() => last.textContent(), { timeout: WAIT })
      .toContain(`${formatYuan(lastInstalment.paymentFen)} 元`);
    expect(await page.getByTestId('preview-first').textContent()).toContain(
      `${formatYuan(firstInstalment.paymentFen)} 元`,
    );
    expect(await preview.textContent()).toContain(`${formatYuan(schedule.totals.paymentFen)} 元`);
    const submitButton = page.getByRole('button', { name: '提交申请' });
    const [previewBox, buttonBox] = [await preview.boundingBox(), await submitButton.boundingBox()];
    expect((previewBox?.y ?? 0) + (previewBox?.height ?? 0)).toBeLessThanOrEqual(buttonBox?.y ?? 0);
    await shot(page, 'preview-desktop');

    await preview.getByRole('button', { name: /查看完整还款计划/ }).click();
    const drawer = page.getByRole('dialog', { name: '完整还款计划（试算）' });
    await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count(), { timeout: WAIT }).toBe(12);
    await drawer.getByText(formatYuan(lastInstalment.paymentFen)).first().waitFor();
    await shot(page, 'preview-schedule-desktop');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // the confirmation: the key facts, then back to the form without sending anything
    await submitButton.click();
    const confirm = page.getByRole('dialog', { name: '确认提交借款申请' });
    await confirm.getByText('100,000.00 元').waitFor();
    const facts = await confirm.textContent();
    for (const fact of [
      '12 个月',
      '先息后本',
      '年化利率',
      `${formatYuan(schedule.totals.paymentFen)} 元`,
      `应还 ${formatYuan(firstInstalment.paymentFen)} 元`,
      `应还 ${formatYuan(lastInstalment.paymentFen)} 元`,
    ])
      expect(facts).toContain(fact);
    await shot(page, 'preview-confirm-desktop');

    await page.setViewportSize(PHONE);
    await shot(page, 'preview-confirm-phone');
    await expectWithinWidth(page, confirm.getByText(`应还 ${formatYuan(lastInstalment.paymentFen)} 元`));
    await animationsDone(page);
    await confirm.getByRole('button', { name: /返\s*回\s*修\s*改/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectWithinWidth(page, last);
    await shot(page, 'preview-phone');
    await preview.getByRole('button', { name: /查看完整还款计划/ }).click();
    await drawer.getByTestId('schedule-period-12').waitFor();
    for (const period of [1, 12]) {
      const row = drawer.getByTestId(`schedule-period-${period}`);
      await expectWithinWidth(page, row.getByText(/ 元$/).first());
    }
    await shot(page, 'preview-schedule-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.goto('/apply/LoanInfo');
    await card.getByText(`${formatYuan(limitFen)} 元`).waitFor();
    // the card alone: the page below it is the long list of products
    await card.screenshot({ path: `${SHOTS}/preview-store-card-phone.png` });
    await page.setViewportSize(DESKTOP);

    // an amount above the estimated limit: refused by the field, saying why; nothing sent, still a draft
    await page.goto(`/application/enter?rowId=${rowId}`);
    await page
      .getByTestId('amount-limits')
      .getByText(`店铺预估可借额度 ${formatYuan(limitFen)} 元`)
      .waitFor();
    const above =
      Math.floor(limitFen / product.amountStepFen) * product.amountStepFen + product.amountStepFen;
    await fillForm(page, String(above / 100));
    await page.getByLabel('借款期限').click();
    await popupSettled(page, '.ant-select-dropdown');
    await page.locator('.ant-select-item-option').filter({ hasText: '12 个月' }).click();
    await page.getByLabel('借款用途').fill('采购旺季库存');
    await submitButton.click();
    const reason = `超过店铺预估额度 ${formatYuan(limitFen)} 元（近12个月销售额的30%），请调低借款金额`;
    const amountItem = page.locator('.ant-form-item').filter({ hasText: '借款金额（元）' });
    await amountItem.getByText(reason).waitFor();
    expect(await confirm.isVisible()).toBe(false);
    expect(await preview.count()).toBe(0);
    await shot(page, 'preview-limit-desktop');
    expect(submits).toEqual([]);
    const still = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
    expect(still.application).toMatchObject({ state: 'DRAFT', amount: null });
    await context.close();
  });
});
