import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idCardCheckCharacter, usccCheckCharacter } from '@loan/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TINY_PDF, TINY_PNG } from './document-files.ts';
import {
  animationsDone,
  browserPerFile,
  DESKTOP,
  expectTitle,
  failureEvidence,
  newPage,
  PHONE,
  popupSettled,
  screenshot,
  signInFirstTime,
  until,
} from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * The whole journey of docs/PRODUCT.md §1 up to the bank's decision, in Chromium against the real server and the
 * sandbox marketplace and banks (docs/SANDBOX.md): store authorisation, product, agreements, certification,
 * the bank's own steps, application, review on /auditing with the decision arriving without a reload, and an
 * advance cancel. YNIT (trust: face verification, business documents) is approved and then cancelled in
 * advance; CRBANK (addressed by mcOrderNo, bank card) is rejected by its own rule and shown so.
 */

const browser = browserPerFile();
const YNIT_USER = E2E_USERS.find((u) => u.loginId === 'e2e_ynit');
const CRBANK_USER = E2E_USERS.find((u) => u.loginId === 'e2e_crbank');
if (!YNIT_USER || !CRBANK_USER) throw new Error('journey users missing from users.ts');

/** Valid by GB 32100 (enterprise, starts with 9) and one of another registering body (starts with 5). */
const USCC_ENTERPRISE = withUsccCheck('91440300MA5G8XKQ3');
const USCC_SOCIAL_ORG = withUsccCheck('51440300MJL174586');
function withUsccCheck(first17: string) {
  return first17 + usccCheckCharacter(first17);
}
const ID_NUMBER = (() => {
  const first17 = '11010519800101123';
  return first17 + idCardCheckCharacter(first17);
})();

/** Tiny real PNG and PDF files for the document uploads (the server decodes and parses the content). */
const files = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'loan-e2e-docs-'));
  const png = TINY_PNG;
  const pdf = TINY_PDF;
  const write = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  return {
    image: write('document.png', png),
    pdf: write('sales.pdf', pdf),
    // a web page behind a picture's name: the server tells the type from the content and refuses it
    disguised: write('licence.png', Buffer.from('<html><script>alert(1)</script></html>')),
  };
})();

async function authoriseStore(page: Page, sellerId: string, storeName: string) {
  const card = page.locator('.ant-card').filter({ hasText: '店铺授权' }).first();
  await card.getByRole('button', { name: /授权店铺/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('例如 A1DEMOSTORE001').fill(sellerId);
  await dialog.getByPlaceholder(/^amzn\.mws\./).fill('amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
  await animationsDone(page);
  await dialog.getByRole('button', { name: /提交授权/ }).click();
  await card.getByText('已授权').first().waitFor();
  await card.getByText(storeName).waitFor();
}

async function applyFor(page: Page, productName: string) {
  // each product card is labelled "<bank> <product>"
  const button = page.getByLabel(new RegExp(` ${productName}$`)).getByRole('button', { name: /立即申请/ });
  await button.click();
}

/** From the bank page: the tick-box page, the three documents (each with its reading countdown), back. */
async function acceptAgreements(page: Page, shotName?: string) {
  const bankPage = page.url();
  await page.getByRole('button', { name: /前往协议确认/ }).click();
  await page.waitForURL('**/agreement?**');
  for (const title of ['融资咨询服务协议', '信息咨询服务协议', '授权书']) {
    await page
      .getByRole('listitem')
      .filter({ hasText: `《${title}》` })
      .getByRole('link')
      .click();
    await expectTitle(page, title);
    const accept = page.getByRole('button', { name: '我已阅读并同意' });
    if (shotName && title === '融资咨询服务协议') await screenshot(page, `${shotName}-agreement-reading`);
    await accept.waitFor();
    await accept.click();
    await page.waitForURL('**/agreement?**');
  }
  const tick = page.getByRole('checkbox');
  // the tests of this file run at once: the global expect has no test of its own to poll in
  await until('the agreements tick box enabled', async () => ((await tick.isEnabled()) ? true : undefined));
  await tick.click();
  await page.getByText(/已于 .* 同意/).waitFor();
  if (shotName) await screenshot(page, `${shotName}-agreements`);
  await page.getByRole('button', { name: /继\s*续/ }).click();
  await page.waitForURL(bankPage);
}

async function upload(page: Page, label: string, path: string) {
  const item = page.locator('.ant-form-item').filter({ hasText: label }).first();
  await item.locator('input[type=file]').setInputFiles(path);
  await item
    .getByText(/\.(png|pdf)/)
    .first()
    .waitFor();
}

async function certify(
  page: Page,
  company: { name: string; uscc: string },
  options: { bankCard: boolean; sales: boolean; shot?: string },
) {
  await page.getByPlaceholder('与营业执照一致').fill(company.name);
  await page.getByPlaceholder('18位，见营业执照').fill(company.uscc);
  await page.getByPlaceholder('法定代表人姓名').fill('孙立');
  await page.getByPlaceholder('18位居民身份证号码').fill(ID_NUMBER);
  await page.getByPlaceholder('11位手机号').fill('13912345678');
  if (options.bankCard) {
    await page.getByPlaceholder('12至19位数字').fill('6222020200112233446');
    await page.getByPlaceholder('如：招商银行深圳分行').fill('华润银行深圳分行');
  }
  if (options.shot) {
    // a refused file: the server's reason under its button, in Chinese, saying what to send instead
    const licence = page.getByTestId('document-BUSINESS_LICENCE');
    await licence.locator('input[type=file]').setInputFiles(files.disguised);
    await licence.getByRole('alert').getByText('文件类型不支持，请上传 JPG、PNG 或 PDF 文件').waitFor();
    await screenshot(page, `${options.shot}-refused`);
  }
  await upload(page, '营业执照', files.image);
  await upload(page, '人像面', files.image);
  await upload(page, '国徽面', files.image);
  if (options.sales) await upload(page, '销售', files.pdf);
  if (options.shot) await screenshot(page, options.shot);
  await page
    .getByRole('button', { name: /保存|提交认证/ })
    .first()
    .click();
  await page.getByText('认证信息已保存').waitFor();
  // only masked personal data comes back
  expect(await page.content()).not.toContain(ID_NUMBER);
}

async function enterApplication(page: Page, amount: string, term: string) {
  await page
    .getByRole('button', { name: /填写借款信息|提交申请|去提交/ })
    .first()
    .click();
  await page.waitForURL('**/application/enter?rowId=*');
  await page.getByLabel('借款金额（元）').fill(amount);
  await page.getByLabel('借款期限').click();
  await popupSettled(page, '.ant-select-dropdown');
  await page.locator('.ant-select-item-option').filter({ hasText: term }).click();
  await page.getByLabel('借款用途').fill('采购备货，支付旺季库存货款');
  await page.getByRole('region', { name: '还款试算' }).getByText('末期还款').waitFor();
  await page.getByRole('button', { name: '提交申请' }).click();
  // submitting asks to confirm the key facts first
  const confirm = page.getByRole('dialog', { name: '确认提交借款申请' });
  await confirm
    .getByText(`${Number(amount).toLocaleString('en-US')}.00 元`)
    .first()
    .waitFor();
  await animationsDone(page);
  await confirm.getByRole('button', { name: /确\s*认\s*提\s*交/ }).click();
  await page.waitForURL('**/auditing?rowId=*');
}

/**
 * In the open cancel dialog, the reason's "0 / 200" count (it hangs below the text box) ends at or above the top of
 * both footer buttons: it never runs into them. Asked until the dialog has laid itself out for the viewport.
 */
async function expectCountClearOfButtons(page: Page, width: string) {
  const dialog = page.getByRole('dialog');
  const count = dialog.getByText('0 / 200', { exact: true });
  const buttons = dialog.getByRole('button', { name: /再\s*想\s*想|确\s*认\s*取\s*消/ });
  await count.waitFor();
  let measured = 'not measured';
  try {
    await until(`the count clear of the buttons at ${width} width`, async () => {
      const countBox = await count.boundingBox();
      const buttonBoxes = await Promise.all((await buttons.all()).map((button) => button.boundingBox()));
      const tops = buttonBoxes.map((box) => box?.y ?? Number.NaN);
      if (!countBox || tops.length !== 2 || tops.some(Number.isNaN)) return undefined;
      const bottom = countBox.y + countBox.height;
      measured = `count ${countBox.y}–${bottom}, button tops ${tops.join(', ')}`;
      return bottom <= Math.min(...tops) ? true : undefined;
    });
  } catch (error) {
    throw new Error(`the cancel dialog's count overlaps its buttons at ${width} width (${measured})`, {
      cause: error,
    });
  }
}

// the two journeys wait mostly on reading countdowns and the sandbox banks: they run side by side
describe.concurrent('apply for a loan, end to end', () => {
  it('YNIT: store, product, agreements, certification, face check, application, approval on /auditing, advance cancel', async ({
    onTestFailed,
  }) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => failureEvidence(page, 'FAILED-journey-ynit'));
    await signInFirstTime(page, YNIT_USER.loginId, YNIT_USER.password, 'Ynit56789');

    await page.getByText('跨境电商信托贷').first().waitFor();
    await screenshot(page, 'journey-products-desktop');
    await authoriseStore(page, 'A1DEMOSTORE001', '明远跨境旗舰店');

    await applyFor(page, '跨境电商信托贷');
    await page.waitForURL(/\/apply\/LoanInfo_YNIT\/\d+\/YNIT-XT01\/CREDIT$/);
    await expectTitle(page, '贷款信息');
    await page.getByText('申请步骤').waitFor();
    await screenshot(page, 'journey-ynit-bank-desktop');

    await acceptAgreements(page, 'journey-desktop');
    await certify(
      page,
      { name: '深圳明远跨境电子商务有限公司', uscc: USCC_ENTERPRISE },
      { bankCard: false, sales: true },
    );
    await page.getByRole('button', { name: /沙箱模拟：完成人脸识别/ }).click();
    await page.getByText('已完成（沙箱模拟）').waitFor();
    await screenshot(page, 'journey-ynit-ready-to-submit');

    await enterApplication(page, '50000', '12 个月');
    // the decision arrives by the bank's signed callback and shows without a reload
    await page.getByText('审批通过').first().waitFor();
    await page.getByText('50,000.00').first().waitFor();
    await screenshot(page, 'journey-ynit-approved');

    await page
      .getByRole('button', { name: /取消申请/ })
      .first()
      .click();
    await animationsDone(page);
    // the "0 / 200" count under the reason stays clear of the dialog's buttons, on a desktop and on a phone
    await expectCountClearOfButtons(page, 'desktop');
    await page.setViewportSize(PHONE);
    await expectCountClearOfButtons(page, 'phone');
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('取消原因').fill('资金已从其他渠道解决');
    await animationsDone(page);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*认|确\s*定/ })
      .click();
    await page.getByText('申请已取消').waitFor();
    await page.getByText('资金已从其他渠道解决').first().waitFor();
    await context.close();
  });

  it('CRBANK at phone width: order number route, bank card, rejection by the bank shown on /auditing', async ({
    onTestFailed,
  }) => {
    const { context, page } = await newPage(browser(), PHONE);
    onTestFailed(() => failureEvidence(page, 'FAILED-journey-crbank'));
    await signInFirstTime(page, CRBANK_USER.loginId, CRBANK_USER.password, 'Crbank56789');

    await page.getByText('华润跨境融易贷').first().waitFor();
    await screenshot(page, 'journey-products-phone');
    // a store of its own: one store belongs to one account (docs/SANDBOX.md names sandbox stores by their id)
    await authoriseStore(page, 'A2CRBANKSTORE1', '沙箱店铺-ORE1');

    await applyFor(page, '华润跨境融易贷');
    await page.waitForURL(/\/apply\/LoanInfo_CRBANK\/MC\d{18}$/);
    await page.getByText('申请步骤').waitFor();
    await page.getByText(/订单号 MC\d{18}/).waitFor();
    await screenshot(page, 'journey-crbank-bank-phone');

    await acceptAgreements(page, 'journey-phone');
    await certify(
      page,
      { name: '深圳润丰跨境商会', uscc: USCC_SOCIAL_ORG },
      { bankCard: true, sales: false, shot: 'journey-crbank-certification-phone' },
    );

    await enterApplication(page, '100000', '6 个月');
    await page.getByText('审核未通过').first().waitFor();
    await page
      .getByText(/华润银行仅受理在市场监管部门登记的企业/)
      .first()
      .waitFor();
    await screenshot(page, 'journey-crbank-rejected-phone');
    await context.close();
  });
});
