import { BANK_CODES, bankRoutePattern } from '@loan/domain';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from '../components/RouteError';
import * as loanInfoData from '../pages/loan-info/page-data';
import * as loanRecordsData from '../pages/loan-records/page-data';
import * as myAccountData from '../pages/my-account/page-data';
import { AppShell, CATCH_ALL_ROUTE_ID, CatchAll } from './AppShell';
import {
  ACCOUNT_SECTION_PATH,
  APPLY_SECTION_PATH,
  CHANGE_PASSWORD_PATH,
  LOAN_CALCULATOR_PATH,
  LOAN_INFO_PATH,
  LOAN_RECORD_DETAIL_PATH,
  LOAN_RECORDS_PATH,
  LOCK_SECTION_PATH,
  MESSAGES_PATH,
  MY_ACCOUNT_PATH,
  RECEIVING_ACCOUNT_PATH,
  RECORD_SECTION_PATH,
  REFUND_PATH,
  ROOT_PATH,
  SERVICE_FEES_PATH,
  SERVICE_SECTION_PATH,
  TRADING_RECORDS_PATH,
  TRADING_SECTION_PATH,
} from './paths';
import { prefetchPageData } from './route-data';
import { lazyBankPage, lazyPage, redirectIndex, section, titled } from './route-loading';
import { preloadRouteOf } from './route-preload';
import { standaloneRoutes } from './routes-standalone';

/**
 * Every route of docs/PRODUCT.md §2 with its exact path and title; the paths come from paths.ts. Pages and layouts load on demand (route `lazy`).
 * Redirect-only routes use loaders, so the guard only ever sees the final location.
 */

const LOAN_INFO = '贷款信息';

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
