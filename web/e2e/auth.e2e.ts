import { describe, expect, it } from 'vitest';
import {
  baseURL,
  browserPerFile,
  codeSentTo,
  DESKTOP,
  directLoginTicket,
  expectTitle,
  failureEvidence,
  latestCode,
  login,
  newPage,
  PHONE,
  popupSettled,
  screenshot,
} from './support.ts';
import { DEMO, E2E_USERS, NEWBIE } from './users.ts';

const [FRESH, FORGOT, LOGOUT] = E2E_USERS;

const browser = browserPerFile();

describe('sign in', () => {
  it('the login page looks right at desktop and phone width', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await newPage(browser(), viewport);
      await page.goto('/bmss/toLogin');
      await expectTitle(page, '登录');
      await page.locator('button[type="submit"]:not([disabled])').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `login-${name}`);
      await context.close();
    }
  });

  it('a wrong password is refused near the form; the right one signs in and fills the session record', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/bmss/toLogin');
    await page.getByPlaceholder('请输入登录账号').fill(DEMO.loginId);
    await page.getByPlaceholder('请输入密码').fill('Wrong1234');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('账号或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/bmss/toLogin');

    await login(page, DEMO.loginId, DEMO.password);
    await page.waitForURL('**/apply/LoanInfo');
    await page.getByText(DEMO.name).first().waitFor();
    const session = await page.evaluate(() => ({ ...sessionStorage }));
    expect(session.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(session.loginId).toBe('demo');
    expect(session.loginName).toBe(DEMO.name);
    expect(session.assetsCode).toBeTruthy();
    expect(session.pwdTime).toBeTruthy();
    expect(JSON.parse(session.storeInfo ?? '{}').storeCreditStatus).toBe('01');
    await context.close();
  });
});

describe('the /403 rule and the forced password change', () => {
  it('a user who never changed the password is taken to change it after login', async () => {
    const { context, page } = await newPage(browser());
    await login(page, FRESH.loginId, FRESH.password);
    await page.waitForURL('**/account/reset');
    await expectTitle(page, '修改密码');
    await page.getByText('首次登录请先修改初始密码').first().waitFor();

    const newPassword = 'Changed5678';
    await page.getByPlaceholder('请输入原密码').fill(FRESH.password);
    await page.getByPlaceholder('请输入新密码').fill(newPassword);
    await page.getByPlaceholder('请再次输入新密码').fill(newPassword);
    await page.getByRole('button', { name: /确\s*认\s*修\s*改|提\s*交/ }).click();
    await page.waitForURL('**/apply/LoanInfo');
    expect(await page.evaluate(() => sessionStorage.getItem('pwdTime'))).toBeTruthy();

    // the old password no longer works, the new one does
    const second = await newPage(browser());
    await login(second.page, FRESH.loginId, newPassword);
    await second.page.waitForURL('**/apply/LoanInfo');
    await second.context.close();
    await context.close();
  });

  it('arriving from the root path, a user with an empty only-page list who never changed the password gets /403', async () => {
    const { context, page } = await newPage(browser());
    await login(page, NEWBIE.loginId, NEWBIE.password);
    await page.waitForURL('**/account/reset');
    // a fresh load counts as arriving from the root path
    await page.goto('/apply/LoanInfo');
    await page.waitForURL('**/403');
    await expectTitle(page, '无权访问');
    await page.goto('/record/loanRecord');
    await page.waitForURL('**/403');
    // /account/reset and the open pages stay reachable
    await page.goto('/account/reset');
    await expectTitle(page, '修改密码');
    expect(new URL(page.url()).pathname).toBe('/account/reset');
    await page.goto('/about');
    await expectTitle(page, '关于我们');
    await context.close();
  });
});

describe('other ways in', () => {
  it('password-free login with a partner ticket works once', async () => {
    const ticket = directLoginTicket(DEMO.loginId);
    const { context, page } = await newPage(browser());
    await page.goto(`/directLogin?ticket=${encodeURIComponent(ticket)}`);
    await page.waitForURL('**/apply/LoanInfo');
    expect(await page.evaluate(() => sessionStorage.getItem('loginId'))).toBe('demo');
    await context.close();

    const replay = await newPage(browser());
    await replay.page.goto(`/directLogin?ticket=${encodeURIComponent(ticket)}`);
    await replay.page.getByText('登录链接无效或已过期').first().waitFor();
    expect(await replay.page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
    await replay.context.close();
  });

  it('material entry: phone and SMS code through the outbox lead to the application entry', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/materialLogin');
    await page.getByPlaceholder('请输入手机号').fill(DEMO.phone);
    await page.getByRole('button', { name: /获取验证码/ }).click();
    await page
      .getByText(/\d+\s*秒|\d+s/)
      .first()
      .waitFor();
    const code = await latestCode(DEMO.phone);
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录|进\s*入/ }).click();
    await page.waitForURL('**/application/enter');
    expect(await page.evaluate(() => sessionStorage.getItem('loginId'))).toBe('demo');
    await context.close();
  });

  it('forgot password end to end through the outbox', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/bmss/toLogin');
    await page.getByText('忘记密码').click();
    await page.waitForURL('**/user/forgot');
    await expectTitle(page, '找回密码');
    await page.getByPlaceholder('请输入登录账号').fill(FORGOT.loginId);
    await page.getByText('邮箱', { exact: true }).click();
    await page.getByRole('button', { name: /获取验证码|发送验证码|下一步/ }).click();
    const code = await codeSentTo(FORGOT.email);
    const newPassword = 'Remember9876';
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByPlaceholder('请输入新密码').fill(newPassword);
    await page.getByPlaceholder('请再次输入新密码').fill(newPassword);
    await page.getByRole('button', { name: /重置密码|确\s*认|提\s*交/ }).click();
    await page
      .getByText(/密码已重置|重置成功/)
      .first()
      .waitFor();

    await login(page, FORGOT.loginId, newPassword);
    await page.waitForURL('**/apply/LoanInfo');
    await context.close();

    // the code cannot be used twice
    const res = await fetch(`${baseURL()}/api/application_vue/findPwd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: FORGOT.loginId, code, newPassword: 'AAAAAAAAAAAAAAAAAAAAAA==' }),
    });
    expect(((await res.json()) as { response: { rspCode: string } }).response.rspCode).not.toBe('0000');
  });
});

describe('logout', () => {
  it('logout ends the session on the server and in the browser', async ({ onTestFailed }) => {
    const { context, page } = await newPage(browser());
    onTestFailed(() => failureEvidence(page, 'FAILED-logout'));
    await login(page, LOGOUT.loginId, LOGOUT.password);
    // this account was created with a temporary password by the CLI: change it first
    if (new URL(page.url()).pathname === '/account/reset') {
      await page.getByPlaceholder('请输入原密码').fill(LOGOUT.password);
      await page.getByPlaceholder('请输入新密码').fill('Logout5678');
      await page.getByPlaceholder('请再次输入新密码').fill('Logout5678');
      await page.getByRole('button', { name: /确\s*认\s*修\s*改|提\s*交/ }).click();
      await page.waitForURL('**/apply/LoanInfo');
    }
    const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    expect(token).toBeTruthy();
    await page.getByText(LOGOUT.name).first().click();
    await popupSettled(page, '.ant-dropdown');
    await page.getByText('退出登录').last().click();
    await page.waitForURL('**/bmss/toLogin');
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();

    const res = await fetch(`${baseURL()}/api/users/getUserInfo`, { headers: { accessToken: token ?? '' } });
    expect(res.status).toBe(401);

    await page.goto('/apply/LoanInfo');
    await page.waitForURL('**/bmss/toLogin**');
    await context.close();
  });
});
