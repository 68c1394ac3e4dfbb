import { describe, expect, it } from 'vitest';
import { browserPerFile, DESKTOP, expectTitle, login, newPage, PHONE, screenshot } from './support.ts';
import { DEMO } from './users.ts';

// docs/PRODUCT.md §2, written out here on purpose: the app's own route table is what this checks.
const ROOT_LAYOUT_ROUTES: Array<[path: string, title: string, landsOn?: string]> = [
  ['/', '贷款信息', '/apply/LoanInfo'],
  ['/apply', '贷款信息', '/apply/LoanInfo'],
  ['/apply/LoanInfo', '贷款信息'],
  ['/apply/LoanInfo_YNIT/1/P001/01', '贷款信息'],
  ['/apply/loanDetail', '贷款信息'],
  ['/apply/LoanInfo_CGB/2/P002', '贷款信息'],
  ['/apply/LoanInfo_FUIOU/3/P003', '贷款信息'],
  ['/apply/LoanInfo_SHRB/4/P004/02', '贷款信息'],
  ['/apply/LoanInfo_CRBANK/MC0001', '贷款信息'],
  ['/record', '贷款记录', '/record/loanRecord'],
  ['/record/loanRecord', '贷款记录'],
  ['/record/loanRecordDetail', '贷款记录详情'],
  ['/trading/tradingRecord', '交易记录'],
  ['/account', '我的账户', '/account/myAccount'],
  ['/account/myAccount', '我的账户'],
  ['/account/reset', '修改密码'],
  ['/account/refund', '申请退款'],
  ['/service', '服务费', '/service/serviceDetail'],
  ['/service/serviceDetail', '服务费'],
  ['/lock', '收款账户', '/lock/toApplyAccountPage'],
  ['/lock/toApplyAccountPage', '收款账户'],
];

const STANDALONE_ROUTES: Array<[path: string, title: string]> = [
  ['/404', '页面不存在'],
  ['/403', '无权访问'],
  ['/bmss/toLogin', '登录'],
  ['/materialLogin', '资料录入'],
  ['/directLogin', '免密登录'],
  ['/about', '关于我们'],
  ['/agreement', '协议确认'],
  ['/auditing', '审核中'],
  ['/serviceAgreement', '融资咨询服务协议'],
  ['/infoAgreement', '信息咨询服务协议'],
  ['/releaseForm', '授权书'],
  ['/application', '融资申请'],
  ['/application/enter', '申请入口'],
  ['/loading', '正在跳转'],
  ['/user/forgot', '找回密码'],
];

const OPEN = new Set([
  '/user/forgot',
  '/application',
  '/materialLogin',
  '/loading',
  '/agreement',
  '/about',
  '/directLogin',
  '/bmss/toLogin',
  '/404',
  '/403',
  '/application/enter',
]);

const browser = browserPerFile();

describe('routes without a session', () => {
  it('open pages open; every other route sends a deep link to the login page', async () => {
    const { context, page } = await newPage(browser());
    for (const [path, title] of STANDALONE_ROUTES) {
      await page.goto(path);
      if (OPEN.has(path)) {
        await expectTitle(page, title);
        expect(new URL(page.url()).pathname, path).toBe(path);
      } else {
        await page.waitForURL('**/bmss/toLogin**');
        await expectTitle(page, '登录');
      }
    }
    for (const [path] of ROOT_LAYOUT_ROUTES) {
      await page.goto(path);
      await page.waitForURL('**/bmss/toLogin**');
    }
    await context.close();
  });

  it('an unmatched path goes to /404', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expectTitle(page, '页面不存在');
    await page.getByText('抱歉，您访问的页面不存在').waitFor({ state: 'visible' });
    await context.close();
  });
});

describe('routes with a session', () => {
  it('every route of docs/PRODUCT.md §2 is reachable with its title', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.loginId, DEMO.password);
    await expectTitle(page, '贷款信息');
    for (const [path, title, landsOn] of [...ROOT_LAYOUT_ROUTES, ...STANDALONE_ROUTES]) {
      await page.goto(path);
      await expectTitle(page, title);
      expect(new URL(page.url()).pathname, path).toBe(landsOn ?? path);
    }
    await context.close();
  });

  it('an unmatched path goes to /404 when signed in too', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.loginId, DEMO.password);
    await page.goto('/apply/NoSuchProduct');
    await page.waitForURL('**/404');
    await context.close();
  });

  it('the main layout works at desktop and phone width', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await newPage(browser(), viewport);
      await login(page, DEMO.loginId, DEMO.password);
      await expectTitle(page, '贷款信息');
      await page.getByText(DEMO.name).first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${name}`).toBeLessThanOrEqual(0);
      await screenshot(page, `main-layout-${name}`);
      await context.close();
    }
  });
});
