import { describe, expect, it } from 'vitest';
import { baseURL, browserPerFile, login, newPage } from './support.ts';
import { DEMO } from './users.ts';

const browser = browserPerFile();

describe('when things go wrong', () => {
  it('a 401 mid-session clears the session and returns to login, which says the session expired', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.loginId, DEMO.password);
    await page.waitForURL('**/apply/LoanInfo');
    const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    // the session ends on the server behind the browser's back
    const res = await fetch(`${baseURL()}/api/users/userLogout`, { headers: { accessToken: token ?? '' } });
    expect(res.status).toBe(200);

    await page.reload();
    await page.waitForURL('**/bmss/toLogin**');
    await page.getByText('登录已失效，请重新登录').first().waitFor();
    const storage = await page.evaluate(() => ({ ...sessionStorage }));
    expect(storage.accessToken).toBeUndefined();
    await context.close();
  });

  it('the network-error toast shows when the API is down', async () => {
    const { context, page } = await newPage(browser());
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto('/bmss/toLogin');
    await page.getByPlaceholder('请输入登录账号').fill(DEMO.loginId);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('网络请求异常，请稍后重试').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/bmss/toLogin');
    await context.close();
  });

  it('the same toast shows on an HTTP 500', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.loginId, DEMO.password);
    await page.waitForURL('**/apply/LoanInfo');
    await page.route('**/api/users/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await page.getByText('网络请求异常，请稍后重试').first().waitFor();
    // a 500 is not a logout
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeTruthy();
    await context.close();
  });
});
