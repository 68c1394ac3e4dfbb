import type { RouteObject } from 'react-router';
import { LOGIN_TITLE } from '../pages/login/LoginPanel';
import {
  ABOUT_PATH,
  AGREEMENT_PATH,
  APPLICATION_ENTER_PATH,
  APPLICATION_PATH,
  AUDITING_PATH,
  CASHIER_PATH,
  DIRECT_LOGIN_PATH,
  FORBIDDEN_PATH,
  FORGOT_PASSWORD_PATH,
  INFO_AGREEMENT_PATH,
  LOADING_PATH,
  LOGIN_PATH,
  MATERIAL_LOGIN_PATH,
  NOT_FOUND_PATH,
  RELEASE_FORM_PATH,
  SERVICE_AGREEMENT_PATH,
  USER_SECTION_PATH,
  VERIFY_PATH,
} from './paths';
import { lazyFirstPage, lazyPage, redirectIndex, titled } from './route-loading';

/** The pages outside the signed-in frame: errors, the ways in, agreements, the application's own pages. */
export const standaloneRoutes: RouteObject[] = [
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
