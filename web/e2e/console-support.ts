import { OPS_API, RSP } from '@loan/domain';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { until, WAIT } from './support.ts';
import { OPS_PASSWORD } from './users.ts';

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/** The last 30-second step whose code this file used, per secret (the console takes each code once). */
const usedStep = new Map<string, number>();

/**
 * Signs in to the console as a demo operator: password, then the authenticator's code. The console takes each
 * code once, and another file on the same server may have used this step's: a refused code is followed by the
 * code of a later step, once the clock allows it (the server takes a code one step ahead).
 */
export async function signInToConsole(
  page: Page,
  operator: { loginId: string; secret: string },
): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    // each attempt from the password step on a fresh load: nothing a refused attempt left on the page counts
    await page.goto('/ops/');
    await page.getByLabel('登录账号').fill(operator.loginId);
    await page.getByLabel('密码').fill(OPS_PASSWORD);
    await page.getByRole('button', { name: '下一步' }).click();
    const field = page.getByLabel('动态验证码');
    // the password step answers with the code's field, or says under the form why not (said in the failure)
    const passed = await Promise.race([
      field.waitFor({ timeout: WAIT }).then(() => null),
      page
        .locator('.ant-form-item-explain-error')
        .first()
        .waitFor({ timeout: WAIT })
        .then(() => page.locator('.ant-form-item-explain-error').first().textContent()),
    ]);
    if (passed !== null) throw new Error(`${operator.loginId}: the password step said ${passed}`);
    const step = Math.max(stepNow(), (usedStep.get(operator.secret) ?? -1) + 1);
    // a code more than one step ahead is not taken yet: wait until it is
    await until('the authenticator step', async () => (stepNow() >= step - 1 ? true : undefined), {
      withinMs: 2 * STEP_MS + WAIT,
    });
    usedStep.set(operator.secret, step);
    await field.fill(generateSync({ secret: operator.secret, epoch: step * 30 }));
    // this code's own answer decides
    const answered = page.waitForResponse((res) => res.url().includes(OPS_API.verifyTotp), { timeout: WAIT });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const answer = (await (await answered).json()) as { response?: { rspCode?: string } };
    if (answer.response?.rspCode === RSP.OK) {
      await page.getByText('我的权限').waitFor({ timeout: WAIT });
      return;
    }
  }
  throw new Error(`${operator.loginId}: every code refused`);
}
