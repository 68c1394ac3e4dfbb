import { BANK_CODES, type BankCode, bankRoutePattern } from '@loan/domain';
import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from '../components/RouteError';
import { AppShell, CATCH_ALL_ROUTE_ID, CatchAll } from './AppShell';
import type { RouteHandle } from './route-handle';

/**
 * Every route of SPEC.md §2 with its exact path and title. Pages and layouts load on demand (route `lazy`).
 * Redirect-only routes use loaders, so the guard only ever sees the final location.
 */

type Module = { default: ComponentType };
const lazyPage = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });
/** An index route that only redirects (its loader runs before anything renders). */
const redirectIndex = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  element: null,
});
/** The one bank application page, told which bank its route is for. */
const lazyBankPage = (bank: BankCode) => async () => {
  const { BankApplicationPage } = await import('../pages/bank-application/BankApplicationPage');
  return { Component: () => <BankApplicationPage bank={bank} /> };
};
const titled = (title: string): RouteHandle => ({ title });
const section = (crumb: string, crumbPath: string): RouteHandle => ({ crumb, crumbPath });

const LOAN_INFO = '贷款信息';

const standaloneRoutes: RouteObject[] = [
  {
    path: '/404',
    handle: titled('页面不存在'),
    lazy: lazyPage(() => import('../pages/not-found/NotFoundPage')),
  },
  {
    path: '/403',
    handle: titled('无权访问'),
    lazy: lazyPage(() => import('../pages/forbidden/ForbiddenPage')),
  },
  { path: '/bmss/toLogin', handle: titled('登录'), lazy: lazyPage(() => import('../pages/login/LoginPage')) },
  {
    path: '/materialLogin',
    handle: titled('资料录入'),
    lazy: lazyPage(() => import('../pages/material-login/MaterialLoginPage')),
  },
  {
    path: '/directLogin',
    handle: titled('免密登录'),
    lazy: lazyPage(() => import('../pages/direct-login/DirectLoginPage')),
  },
  { path: '/about', handle: titled('关于我们'), lazy: lazyPage(() => import('../pages/about/AboutPage')) },
  {
    path: '/agreement',
    handle: titled('协议确认'),
    lazy: lazyPage(() => import('../pages/agreement/AgreementPage')),
  },
  {
    path: '/auditing',
    handle: titled('审核中'),
    lazy: lazyPage(() => import('../pages/auditing/AuditingPage')),
  },
  {
    path: '/serviceAgreement',
    handle: titled('融资咨询服务协议'),
    lazy: lazyPage(() => import('../pages/service-agreement/ServiceAgreementPage')),
  },
  {
    path: '/infoAgreement',
    handle: titled('信息咨询服务协议'),
    lazy: lazyPage(() => import('../pages/info-agreement/InfoAgreementPage')),
  },
  {
    path: '/releaseForm',
    handle: titled('授权书'),
    lazy: lazyPage(() => import('../pages/release-form/ReleaseFormPage')),
  },
  {
    path: '/application',
    handle: titled('融资申请'),
    lazy: lazyPage(() => import('../pages/application/ApplicationPage')),
  },
  {
    path: '/application/enter',
    handle: titled('申请入口'),
    lazy: lazyPage(() => import('../pages/application-enter/ApplicationEnterPage')),
  },
  {
    path: '/loading',
    handle: titled('正在跳转'),
    lazy: lazyPage(() => import('../pages/loading/LoadingPage')),
  },
  {
    path: '/cashier',
    handle: titled('收银台'),
    lazy: lazyPage(() => import('../pages/cashier/CashierPage')),
  },
  {
    path: '/user',
    lazy: lazyPage(() => import('./layouts/UserLayout')),
    children: [
      redirectIndex('/user/forgot'),
      {
        path: 'forgot',
        handle: titled('找回密码'),
        lazy: lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage')),
      },
    ],
  },
];

const rootLayoutRoute: RouteObject = {
  path: '/',
  lazy: lazyPage(() => import('./layouts/RootLayout')),
  children: [
    redirectIndex('/apply'),
    {
      path: 'apply',
      handle: section('贷款申请', '/apply/LoanInfo'),
      children: [
        redirectIndex('/apply/LoanInfo'),
        {
          path: 'LoanInfo',
          handle: titled(LOAN_INFO),
          lazy: lazyPage(() => import('../pages/loan-info/LoanInfoPage')),
        },
        // LoanInfo_YNIT/:rowId/:productCode/:productType, LoanInfo_CGB/:rowId/:productCode, … (SPEC.md §2)
        ...BANK_CODES.map(
          (bank): RouteObject => ({
            path: bankRoutePattern(bank),
            handle: titled(LOAN_INFO),
            lazy: lazyBankPage(bank),
          }),
        ),
        {
          path: 'loanDetail',
          // the document title is 贷款信息 (SPEC.md §2); the page says what it is
          handle: { ...titled(LOAN_INFO), heading: '贷款计算器' },
          lazy: lazyPage(() => import('../pages/loan-calculator/LoanCalculatorPage')),
        },
      ],
    },
    {
      path: 'record',
      handle: section('贷款记录', '/record/loanRecord'),
      children: [
        redirectIndex('/record/loanRecord'),
        {
          path: 'loanRecord',
          handle: titled('贷款记录'),
          lazy: lazyPage(() => import('../pages/loan-records/LoanRecordsPage')),
        },
        {
          path: 'loanRecordDetail',
          handle: titled('贷款记录详情'),
          lazy: lazyPage(() => import('../pages/loan-record-detail/LoanRecordDetailPage')),
        },
      ],
    },
    {
      path: 'trading',
      handle: section('交易记录', '/trading/tradingRecord'),
      children: [
        redirectIndex('/trading/tradingRecord'),
        {
          path: 'tradingRecord',
          handle: titled('交易记录'),
          lazy: lazyPage(() => import('../pages/trading-records/TradingRecordsPage')),
        },
      ],
    },
    {
      path: 'account',
      handle: section('我的账户', '/account/myAccount'),
      children: [
        redirectIndex('/account/myAccount'),
        {
          path: 'myAccount',
          handle: titled('我的账户'),
          lazy: lazyPage(() => import('../pages/my-account/MyAccountPage')),
        },
        {
          path: 'reset',
          handle: titled('修改密码'),
          lazy: lazyPage(() => import('../pages/change-password/ChangePasswordPage')),
        },
        {
          path: 'refund',
          handle: titled('申请退款'),
          lazy: lazyPage(() => import('../pages/refund/RefundPage')),
        },
      ],
    },
    {
      path: 'service',
      handle: section('服务费', '/service/serviceDetail'),
      children: [
        redirectIndex('/service/serviceDetail'),
        {
          path: 'serviceDetail',
          handle: titled('服务费'),
          lazy: lazyPage(() => import('../pages/service-fees/ServiceFeesPage')),
        },
      ],
    },
    {
      path: 'lock',
      handle: section('收款账户', '/lock/toApplyAccountPage'),
      children: [
        redirectIndex('/lock/toApplyAccountPage'),
        {
          path: 'toApplyAccountPage',
          handle: titled('收款账户'),
          lazy: lazyPage(() => import('../pages/receiving-account/ReceivingAccountPage')),
        },
      ],
    },
  ],
};

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      ...standaloneRoutes,
      rootLayoutRoute,
      { id: CATCH_ALL_ROUTE_ID, path: '*', Component: CatchAll },
    ],
  },
];
