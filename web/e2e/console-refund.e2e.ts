import { API, type FeeListResult } from '@loan/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { api, disbursedLoan } from './borrower-api.ts';
import { signInToConsole } from './console-support.ts';
import {
  animationsDone,
  browserPerFile,
  DESKTOP,
  failureEvidence,
  login,
  newPage,
  PHONE,
  screenshot,
  until,
  WAIT,
} from './support.ts';
import { E2E_USERS, OPS_ADMIN, OPS_FINANCE, OPS_REVIEWER } from './users.ts';

/**
 * A refund through the console, as in production: a borrower asks for part of a paid service fee back (the
 * reason says 人工审核, so the sandbox leaves it to the operators), a reviewer approves it in 退款审核, a second
 * operator confirms it in 待我审批, the refund goes to the gateway and the borrower's page shows 已退款; the
 * audit search finds both operators' acts.
 */
const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_console');
if (!USER) throw new Error('e2e_console missing from users.ts');
const NEW_PASSWORD = 'Console5678';

let outTradeNo = '';
let refundNo = '';
let borrowerToken = '';

beforeAll(async () => {
  const { token } = await disbursedLoan({
    loginId: USER.loginId,
    password: USER.password,
    newPassword: NEW_PASSWORD,
    name: USER.name,
    sellerId: 'A3CONSOLESTR1',
    productCode: 'CGB-DPJY',
    amount: '60000.00',
    termMonths: 6,
  });
  const fees = await api<FeeListResult>('GET', API.feeList, token, { pageSize: 10 });
  const upfront = fees.items.find((fee) => fee.seq === 0);
  if (!upfront) throw new Error('no upfront fee');
  const created = await api<{ order: { outTradeNo: string } }>('POST', API.payCreateOrder, token, {
    feeIds: [upfront.feeId],
    channel: 'ALIPAY',
  });
  outTradeNo = created.order.outTradeNo;
  await api('POST', API.paySandboxCashier, token, { outTradeNo, action: 'PAY' });
  // the gateway's notify arrives about a second later, through the server's job
  await until('the fee paid', async () => {
    const now = await api<FeeListResult>('GET', API.feeList, token, { pageSize: 10 });
    return now.items.find((fee) => fee.seq === 0 && fee.status === 'PAID') ? true : undefined;
  });
  const applied = await api<{ refund: { refundNo: string } }>('POST', API.refundApply, token, {
    outTradeNo,
    amount: '100.00',
    reason: '请人工审核：服务费按合同应分期收取',
  });
  refundNo = applied.refund.refundNo;
  borrowerToken = token;
});

async function consolePage(operator: { loginId: string; secret: string }, viewport = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser(), viewport, { fresh: true });
  await signInToConsole(page, operator);
  return page;
}

describe('a refund decided in the console by two operators', () => {
  it('a reviewer approves, a second operator confirms, the borrower sees 已退款, the audit finds both', async () => {
    const reviewer = await consolePage(OPS_REVIEWER);
    onTestFailed(() => failureEvidence(reviewer, 'FAILED-console-refund-reviewer'));
    await reviewer.getByRole('menuitem', { name: '退款审核' }).click();
    const row = reviewer.getByRole('row').filter({ hasText: refundNo });
    await row.getByText('100.00').waitFor({ timeout: WAIT });
    await reviewer.locator('.ant-spin-blur').waitFor({ state: 'detached', timeout: WAIT });
    await animationsDone(reviewer);
    await screenshot(reviewer, 'ops-refund-queue-desktop');
    await row.getByRole('button', { name: '同意' }).click();
    await reviewer.getByRole('button', { name: '提交' }).click();
    await row.getByText('待复核：同意退款（审核小王）').waitFor({ timeout: WAIT });
    // the maker's own inbox does not offer it
    await reviewer.getByRole('menuitem', { name: '待我审批' }).click();
    await reviewer.getByText('暂无需要您复核的申请').waitFor({ timeout: WAIT });
    await reviewer.getByRole('row').filter({ hasText: refundNo }).getByText('待复核').waitFor();
    // the borrower's application is still waiting
    const waiting = await api<{ refund: { status: string } }>('GET', API.refundDetail, borrowerToken, {
      refundNo,
    });
    expect(waiting.refund.status).toBe('SUBMITTED');

    const finance = await consolePage(OPS_FINANCE);
    onTestFailed(() => failureEvidence(finance, 'FAILED-console-refund-finance'));
    await finance.getByRole('button', { name: /待我审批（[1-9]\d* 项）/ }).click();
    const asked = finance.getByRole('row').filter({ hasText: refundNo });
    await asked.getByText('同意退款').waitFor({ timeout: WAIT });
    await screenshot(finance, 'ops-inbox-desktop');
    await finance.setViewportSize(PHONE);
    await screenshot(finance, 'ops-inbox-phone');
    expect(
      await finance.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await finance.setViewportSize(DESKTOP);
    await asked.getByRole('button', { name: '复核通过' }).click();
    await finance.getByRole('button', { name: '确认', exact: true }).click();
    await finance.getByText('暂无需要您复核的申请').waitFor({ timeout: WAIT });

    const { page: borrower } = await newPage(browser(), DESKTOP, { fresh: true });
    onTestFailed(() => failureEvidence(borrower, 'FAILED-console-refund-borrower'));
    await login(borrower, USER?.loginId ?? '', NEW_PASSWORD);
    await borrower.goto(`/account/refund?outTradeNo=${outTradeNo}`);
    await borrower.getByText('已退款', { exact: true }).first().waitFor({ timeout: WAIT });
    await screenshot(borrower, 'ops-refund-borrower-refunded');

    const admin = await consolePage(OPS_ADMIN);
    // the borrower on one page: the loan repaying, the refund done
    await admin.getByRole('menuitem', { name: '借款人查询' }).click();
    await admin.getByLabel('查找借款人').fill(USER?.loginId ?? '');
    await admin.getByRole('button', { name: '查询' }).click();
    await admin
      .getByRole('row')
      .filter({ hasText: USER?.loginId ?? '' })
      .first()
      .waitFor({ timeout: WAIT });
    await admin
      .getByText(USER?.loginId ?? '', { exact: true })
      .first()
      .click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('row').filter({ hasText: '还款中' }).first().waitFor({ timeout: WAIT });
    await drawer
      .getByRole('row')
      .filter({ hasText: refundNo })
      .getByText('已退款')
      .waitFor({ timeout: WAIT });
    await animationsDone(admin);
    await screenshot(admin, 'ops-borrower-360-desktop');
    await admin.keyboard.press('Escape');
    await admin.getByRole('menuitem', { name: '审计日志' }).click();
    await admin.getByLabel('动作').fill('ops.request');
    await admin.getByRole('button', { name: '查询' }).click();
    await admin.getByRole('row').filter({ hasText: OPS_REVIEWER.loginId }).first().waitFor({ timeout: WAIT });
    const confirmedRow = admin.getByRole('row').filter({ hasText: OPS_FINANCE.loginId }).first();
    await confirmedRow.getByText('复核通过').waitFor({ timeout: WAIT });
    await confirmedRow.getByText(`同意退款 · 退款 ${refundNo}`).waitFor();
    await screenshot(admin, 'ops-audit-decisions-desktop');
  });
});
