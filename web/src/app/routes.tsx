import { BANK_CODES, type BankCode, bankRoutePattern } from '@loan/domain';
import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from '../components/RouteError';
import * as loanInfoData from '../pages/loan-info/page-data';
import * as loanRecordsData from '../pages/loan-records/page-data';
import { LOGIN_TITLE } from '../pages/login/LoginPanel';
import * as myAccountData from '../pages/my-account/page-data';
import { AppShell, CATCH_ALL_ROUTE_ID, CatchAll } from './AppShell';
import {
  ABOUT_PATH,
  ACCOUNT_SECTION_PATH,
  AGREEMENT_PATH,
  APPLICATION_ENTER_PATH,
  APPLICATION_PATH,
  APPLY_SECTION_PATH,
  AUDITING_PATH,
  CASHIER_PATH,
  CHANGE_PASSWORD_PATH,
  DIRECT_LOGIN_PATH,
  FORBIDDEN_PATH,
  FORGOT_PASSWORD_PATH,
  INFO_AGREEMENT_PATH,
  LOADING_PATH,
  LOAN_CALCULATOR_PATH,
  LOAN_INFO_PATH,
  LOAN_RECORD_DETAIL_PATH,
  LOAN_RECORDS_PATH,
  LOCK_SECTION_PATH,
  LOGIN_PATH,
  MATERIAL_LOGIN_PATH,
  MESSAGES_PATH,
  MY_ACCOUNT_PATH,
  NOT_FOUND_PATH,
  RECEIVING_ACCOUNT_PATH,
  RECORD_SECTION_PATH,
  REFUND_PATH,
  RELEASE_FORM_PATH,
  ROOT_PATH,
  SERVICE_AGREEMENT_PATH,
  SERVICE_FEES_PATH,
  SERVICE_SECTION_PATH,
  TRADING_RECORDS_PATH,
  TRADING_SECTION_PATH,
  USER_SECTION_PATH,
  VERIFY_PATH,
} from './paths';
import { prefetchPageData } from './route-data';
import type { RouteHandle } from './route-handle';
import { preloadRouteOf } from './route-preload';

/**
 * Every route of docs/PRODUCT.md §2 with its exact path and title; the paths come from paths.ts. Pages and layouts load on demand (route `lazy`).
 * Redirect-only routes use loaders, so the guard only ever sees the final location.
 */

type Module = { default: ComponentType };
/** antd's styles beyond the first page's (build/antd-static-css.ts), loaded with a page's code */
const moreStyles = () => import('./antd-more-styles');
const lazyPage = (load: () => Promise<Module>) => async () => {
  const [page] = await Promise.all([load(), moreStyles()]);
  return { Component: page.default };
};
/** The sign-in page draws only what the first stylesheet styles (main.tsx): its code alone. */
const lazyFirstPage = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });
/** An index route that only redirects (its loader runs before anything renders). */
const redirectIndex = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  element: null,
});
/** The one bank application page, told which bank its route is for. */
const lazyBankPage = (bank: BankCode) => async () => {
  const [{ BankApplicationPage }] = await Promise.all([
    import('../pages/bank-application/BankApplicationPage'),
    moreStyles(),
  ]);
  return { Component: () => <BankApplicationPage bank={bank} /> };
};
const titled = (title: string): RouteHandle => ({ title });
const section = (crumb: string, crumbPath: string): RouteHandle => ({ crumb, crumbPath });

const LOAN_INFO = '贷款信息';

const standaloneRoutes: RouteObject[] = [
  {
    path: NOT_FOUND_PATH,
    handle: titled('页面不存在'),
    lazy: lazyPage(() => import('../pages/not-found/NotFoundPage')),
  },
  {
    path: FORBIDDEN_PATH,
    handle: titled('无权访问'),
    lazy: lazyPage(() => import('../pages/forbidden/ForbiddenPage')),
  },
  {
    path: LOGIN_PATH,
    handle: titled(LOGIN_TITLE),
    lazy: lazyFirstPage(() => import('../pages/login/LoginPage')),
  },
  {
    path: MATERIAL_LOGIN_PATH,
    handle: titled('资料录入'),
    lazy: lazyPage(() => import('../pages/material-login/MaterialLoginPage')),
  },
  {
    path: DIRECT_LOGIN_PATH,
    handle: titled('免密登录'),
    lazy: lazyPage(() => import('../pages/direct-login/DirectLoginPage')),
  },
  { path: ABOUT_PATH, handle: titled('关于我们'), lazy: lazyPage(() => import('../pages/about/AboutPage')) },
  {
    path: `${VERIFY_PATH}/:docNo?`,
    handle: titled('文件验真'),
    lazy: lazyPage(() => import('../pages/verify/VerifyPage')),
  },
  {
    path: AGREEMENT_PATH,
    handle: titled('协议确认'),
    lazy: lazyPage(() => import('../pages/agreement/AgreementPage')),
  },
  {
    path: AUDITING_PATH,
    handle: titled('审核中'),
    lazy: lazyPage(() => import('../pages/auditing/AuditingPage')),
  },
  {
    path: SERVICE_AGREEMENT_PATH,
    handle: titled('融资咨询服务协议'),
    lazy: lazyPage(() => import('../pages/service-agreement/ServiceAgreementPage')),
  },
  {
    path: INFO_AGREEMENT_PATH,
    handle: titled('信息咨询服务协议'),
    lazy: lazyPage(() => import('../pages/info-agreement/InfoAgreementPage')),
  },
  {
    path: RELEASE_FORM_PATH,
    handle: titled('授权书'),
    lazy: lazyPage(() => import('../pages/release-form/ReleaseFormPage')),
  },
  {
    path: APPLICATION_PATH,
    handle: titled('融资申请'),
    lazy: lazyPage(() => import('../pages/application/ApplicationPage')),
  },
  {
    path: APPLICATION_ENTER_PATH,
    handle: titled('申请入口'),
    lazy: lazyPage(() => import('../pages/application-enter/ApplicationEnterPage')),
  },
  {
    path: LOADING_PATH,
    handle: titled('正在跳转'),
    lazy: lazyPage(() => import('../pages/loading/LoadingPage')),
  },
  {
    path: CASHIER_PATH,
    handle: titled('收银台'),
    lazy: lazyPage(() => import('../pages/cashier/CashierPage')),
  },
  {
    path: USER_SECTION_PATH,
    lazy: lazyPage(() => import('./layouts/UserLayout')),
    children: [
      redirectIndex(FORGOT_PASSWORD_PATH),
      {
        path: FORGOT_PASSWORD_PATH,
        handle: titled('找回密码'),
        lazy: lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage')),
      },
    ],
  },
];

const rootLayoutRoute: RouteObject = {
  path: ROOT_PATH,
  lazy: lazyPage(() => import('./layouts/RootLayout')),
  children: [
    redirectIndex(APPLY_SECTION_PATH),
    {
      path: APPLY_SECTION_PATH,
      handle: section('贷款申请', LOAN_INFO_PATH),
      children: [
        redirectIndex(LOAN_INFO_PATH),
        {
          path: LOAN_INFO_PATH,
          handle: titled(LOAN_INFO),
          loader: prefetchPageData(loanInfoData),
          lazy: lazyPage(() => import('../pages/loan-info/LoanInfoPage')),
        },
        // LoanInfo_YNIT/:rowId/:productCode/:productType, LoanInfo_CGB/:rowId/:productCode, … (docs/PRODUCT.md §2)
        ...BANK_CODES.map(
          (bank): RouteObject => ({
            path: bankRoutePattern(bank),
            handle: titled(LOAN_INFO),
            lazy: lazyBankPage(bank),
          }),
        ),
        {
          path: LOAN_CALCULATOR_PATH,
          // the document title is 贷款信息 (docs/PRODUCT.md §2); the page says what it is
          handle: { ...titled(LOAN_INFO), heading: '贷款计算器' },
          lazy: lazyPage(() => import('../pages/loan-calculator/LoanCalculatorPage')),
        },
      ],
    },
    {
      path: RECORD_SECTION_PATH,
      handle: section('贷款记录', LOAN_RECORDS_PATH),
      children: [
        redirectIndex(LOAN_RECORDS_PATH),
        {
          path: LOAN_RECORDS_PATH,
          handle: titled('贷款记录'),
          loader: prefetchPageData(loanRecordsData),
          lazy: lazyPage(() => import('../pages/loan-records/LoanRecordsPage')),
        },
        {
          path: LOAN_RECORD_DETAIL_PATH,
          handle: titled('贷款记录详情'),
          lazy: lazyPage(() => import('../pages/loan-record-detail/LoanRecordDetailPage')),
        },
      ],
    },
    {
      path: TRADING_SECTION_PATH,
      handle: section('交易记录', TRADING_RECORDS_PATH),
      children: [
        redirectIndex(TRADING_RECORDS_PATH),
        {
          path: TRADING_RECORDS_PATH,
          handle: titled('交易记录'),
          lazy: lazyPage(() => import('../pages/trading-records/TradingRecordsPage')),
        },
      ],
    },
    {
      path: ACCOUNT_SECTION_PATH,
      handle: section('我的账户', MY_ACCOUNT_PATH),
      children: [
        redirectIndex(MY_ACCOUNT_PATH),
        {
          path: MY_ACCOUNT_PATH,
          handle: titled('我的账户'),
          loader: prefetchPageData(myAccountData),
          lazy: lazyPage(() => import('../pages/my-account/MyAccountPage')),
        },
        {
          path: CHANGE_PASSWORD_PATH,
          handle: titled('修改密码'),
          lazy: lazyPage(() => import('../pages/change-password/ChangePasswordPage')),
        },
        {
          path: REFUND_PATH,
          handle: titled('申请退款'),
          lazy: lazyPage(() => import('../pages/refund/RefundPage')),
        },
        {
          path: MESSAGES_PATH,
          handle: titled('消息中心'),
          lazy: lazyPage(() => import('../pages/messages/MessagesPage')),
        },
      ],
    },
    {
      path: SERVICE_SECTION_PATH,
      handle: section('服务费', SERVICE_FEES_PATH),
      children: [
        redirectIndex(SERVICE_FEES_PATH),
        {
          path: SERVICE_FEES_PATH,
          handle: titled('服务费'),
          lazy: lazyPage(() => import('../pages/service-fees/ServiceFeesPage')),
        },
      ],
    },
    {
      path: LOCK_SECTION_PATH,
      handle: section('收款账户', RECEIVING_ACCOUNT_PATH),
      children: [
        redirectIndex(RECEIVING_ACCOUNT_PATH),
        {
          path: RECEIVING_ACCOUNT_PATH,
          handle: titled('收款账户'),
          lazy: lazyPage(() => import('../pages/receiving-account/ReceivingAccountPage')),
        },
      ],
    },
  ],
};

/** The root route's element: the guard and title (AppShell), its links' code preloaded from this table. */
function Root() {
  return <AppShell preload={preloadAppRoute} />;
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      ...standaloneRoutes,
      rootLayoutRoute,
      { id: CATCH_ALL_ROUTE_ID, path: '*', Component: CatchAll },
    ],
  },
];

function preloadAppRoute(path: string): void {
  preloadRouteOf(appRoutes, path);
}
