import { AGREEMENT_KIND_INFO, APPLY_ROUTE_BASE, type NoticeLink } from '@loan/domain';

/**
 * The path of every page of the portal (docs/PRODUCT.md §2), one place: the routes, the side navigation, the
 * guard and every link take them from here. The agreement pages and the /apply section come from the domain,
 * where the agreement kinds and the banks' application routes are kept.
 */

export const ROOT_PATH = '/';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';

// pages outside the root layout
export const LOGIN_PATH = '/bmss/toLogin';
export const MATERIAL_LOGIN_PATH = '/materialLogin';
export const DIRECT_LOGIN_PATH = '/directLogin';
export const ABOUT_PATH = '/about';
export const AGREEMENT_PATH = AGREEMENT_KIND_INFO.GENERAL.route;
export const SERVICE_AGREEMENT_PATH = AGREEMENT_KIND_INFO.SERVICE.route;
export const INFO_AGREEMENT_PATH = AGREEMENT_KIND_INFO.INFO.route;
export const RELEASE_FORM_PATH = AGREEMENT_KIND_INFO.RELEASE.route;
export const AUDITING_PATH = '/auditing';
export const APPLICATION_PATH = '/application';
export const APPLICATION_ENTER_PATH = '/application/enter';
export const LOADING_PATH = '/loading';
export const CASHIER_PATH = '/cashier';
export const USER_SECTION_PATH = '/user';
export const FORGOT_PASSWORD_PATH = '/user/forgot';
/** the public check of an issued document: /verify/{docNo}?code=… (verifyPagePath in the domain) */
export const VERIFY_PATH = '/verify';

// the sections of the root layout and their pages
export const APPLY_SECTION_PATH = APPLY_ROUTE_BASE;
export const LOAN_INFO_PATH = `${APPLY_ROUTE_BASE}/LoanInfo`;
export const LOAN_CALCULATOR_PATH = `${APPLY_ROUTE_BASE}/loanDetail`;
export const RECORD_SECTION_PATH = '/record';
export const LOAN_RECORDS_PATH = '/record/loanRecord';
export const LOAN_RECORD_DETAIL_PATH = '/record/loanRecordDetail';
export const TRADING_SECTION_PATH = '/trading';
export const TRADING_RECORDS_PATH = '/trading/tradingRecord';
export const ACCOUNT_SECTION_PATH = '/account';
export const MY_ACCOUNT_PATH = '/account/myAccount';
export const CHANGE_PASSWORD_PATH = '/account/reset';
export const REFUND_PATH = '/account/refund';
export const MESSAGES_PATH = '/account/messages';
/** the id of My account's 账户安全 card: opened with it as the hash, the card scrolls itself into view */
export const SECURITY_ANCHOR = 'security';
export const MY_ACCOUNT_SECURITY_PATH = `${MY_ACCOUNT_PATH}#${SECURITY_ANCHOR}`;
export const SERVICE_SECTION_PATH = '/service';
export const SERVICE_FEES_PATH = '/service/serviceDetail';
export const LOCK_SECTION_PATH = '/lock';
export const RECEIVING_ACCOUNT_PATH = '/lock/toApplyAccountPage';

/** A path with a query string of the values given, each URI-encoded (those undefined are left out). */
export function pathWithQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = Object.entries(query)
    .flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(String(value))}`]))
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** One application and its loan in full. */
export const loanRecordDetailPath = (rowId: number | string) =>
  pathWithQuery(LOAN_RECORD_DETAIL_PATH, { rowId });

/** The entry form of a draft application. */
export const applicationEnterPath = (rowId: number | string) =>
  pathWithQuery(APPLICATION_ENTER_PATH, { rowId });

/** The progress of an application under review. */
export const auditingPath = (rowId: number | string) => pathWithQuery(AUDITING_PATH, { rowId });

/** The login page, coming back to `back` (a path with its query) once signed in. */
export const loginPathBack = (back: string) => pathWithQuery(LOGIN_PATH, { redirect: back });

/**
 * The page a notice of the message centre links to. An application's notice (approved: sign the contract) opens
 * its progress page, which says what to do next and leads to the bank's page with the contract.
 */
export function noticeLinkPath(link: NoticeLink): string {
  switch (link.page) {
    case 'LOAN':
      return loanRecordDetailPath(link.rowId);
    case 'APPLICATION':
      return auditingPath(link.rowId);
    case 'TRADING':
      return TRADING_RECORDS_PATH;
    case 'REFUND':
      return REFUND_PATH;
    case 'RECEIVING_ACCOUNT':
      return RECEIVING_ACCOUNT_PATH;
    case 'MY_ACCOUNT':
      return MY_ACCOUNT_PATH;
    case 'SECURITY':
      return MY_ACCOUNT_SECURITY_PATH;
  }
}
